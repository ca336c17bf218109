import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_PLAYERS } from './tournaments.service';

/** POST /v1/tournaments */
export class CreateTournamentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsIn(['round-robin', 'swiss'])
  kind!: 'round-robin' | 'swiss';

  @IsString()
  @MaxLength(200)
  scenario!: string;

  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  timeControl?: Record<string, unknown>;

  @IsBoolean()
  rated!: boolean;

  /** Swiss only: the number of rounds (default ceil(log2 players)). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  rounds?: number;

  /** Hours each round lasts before its unfinished games are adjudicated (default 168). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(720)
  roundHours?: number;

  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(MAX_PLAYERS)
  maxPlayers?: number;
}

export class ListTournamentsQuery {
  @IsOptional()
  @IsIn(['open', 'running', 'finished'])
  status?: 'open' | 'running' | 'finished';
}
