import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** Where a fork starts: the position after entry `seq` of game `game` (issue 18). */
export class ForkFromDto {
  @IsUUID()
  game!: string;

  @IsInt()
  @Min(0)
  @Max(999999999)
  seq!: number;
}

/** POST /v1/games */
export class CreateGameDto {
  /** Scenario id, e.g. "shiloh"; a fork takes its game's. */
  @ValidateIf((o: CreateGameDto) => o.fork === undefined || o.scenario !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  scenario?: string;

  /**
   * Seed of the game's dice, for a testing game only (400 SEED_REQUIRES_TESTING
   * otherwise); a random secret one drawn by the server when absent. Revealed once the game is over.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  seed?: string;

  /** A game for testing: its seed may be chosen, and it is never rated (marked in its view and replay). */
  @IsOptional()
  @IsBoolean()
  testing?: boolean;

  /** Game options the engine reads (free-form object); a fork takes its game's. */
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  /** Start from a position of another game (finished or running) instead of the scenario's set-up. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ForkFromDto)
  fork?: ForkFromDto;
}
