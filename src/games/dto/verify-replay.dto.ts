import { Type } from 'class-transformer';
import {
  IsBoolean,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';

/**
 * Longest replay POST /v1/replays/verify accepts: about 15 times the longest
 * real game played here (Shiloh to the end, 626 entries). A valid 12 000-entry
 * replay held the event loop 11.5 s before verification moved to the workers.
 */
export const MAX_REPLAY_ENTRIES = 10_000;

export class ReplayEntryDto {
  @IsInt()
  @Min(1)
  seq!: number;

  @IsIn(['union', 'confederate'])
  side!: 'union' | 'confederate';

  /** Untrusted: the engine checks its shape when re-running it. */
  @IsObject()
  order!: Record<string, unknown>;

  @IsArray()
  events!: unknown[];

  @IsString()
  stateHash!: string;

  @IsOptional()
  @IsString()
  at?: string;
}

/** POST /v1/replays/verify: a replay as GET /v1/games/{id}/replay returns it (seed revealed). */
export class VerifyReplayDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  @IsNotEmpty()
  scenario!: string;

  @IsOptional()
  @IsString()
  rulesSystem?: string;

  @IsString()
  @IsNotEmpty()
  rulesVersion!: string;

  /** Absent in replays of games from before revisions were recorded (revision 1). */
  @IsOptional()
  @IsInt()
  @Min(1)
  engineRevision?: number;

  @IsOptional()
  @IsString()
  scenarioHash?: string | null;

  @IsOptional()
  @IsIn(['sha256', 'hmac-sha256'])
  hashScheme?: 'sha256' | 'hmac-sha256';

  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @IsOptional()
  @IsIn(['active', 'finished'])
  status?: string;

  @IsOptional()
  @IsString()
  seedCommitment?: string;

  /** The revealed seed; a replay of a game still in progress has none and cannot be verified. */
  @IsOptional()
  @IsString()
  seed?: string | null;

  /** The game's secret, revealed with the seed once the game is over (hmac-sha256 replays). */
  @IsOptional()
  @IsString()
  secret?: string | null;

  @IsOptional()
  @IsObject()
  result?: Record<string, unknown> | null;

  /** A line of GET /v1/games/export names its players: informative here. */
  @IsOptional()
  @IsObject()
  players?: Record<string, unknown> | null;

  /** A fork's origin (issue 18): with the origin game's secret, its start is checked against the origin's hash. */
  @IsOptional()
  @IsObject()
  forkedFrom?: Record<string, unknown>;

  /** A fork's start position (issue 18): the re-run starts there instead of the set-up. */
  @IsOptional()
  @IsObject()
  startState?: Record<string, unknown>;

  /** A testing game's mark (issue 16): informative here, the log verifies the same way. */
  @IsOptional()
  @IsBoolean()
  testing?: boolean;

  @IsOptional()
  @IsString()
  createdAt?: string;

  @IsOptional()
  @IsString()
  updatedAt?: string;

  /** At most MAX_REPLAY_ENTRIES (verification re-applies every one of them, on the engine worker pool). */
  @IsArray()
  @ArrayMaxSize(MAX_REPLAY_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => ReplayEntryDto)
  entries!: ReplayEntryDto[];
}
