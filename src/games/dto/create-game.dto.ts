import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /v1/games */
export class CreateGameDto {
  /** Scenario id, e.g. "shiloh". */
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  scenario!: string;

  /** Seed of the game's dice; a random secret one when absent. Revealed once the game is over. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  seed?: string;

  /** Game options the engine reads (free-form object). */
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;
}
