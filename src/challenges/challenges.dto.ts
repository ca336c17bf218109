import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** POST /v1/challenges */
export class CreateChallengeDto {
  /** The challenged player's handle; absent for an open challenge anyone may accept. */
  @IsOptional()
  @IsString()
  @MaxLength(30)
  opponent?: string;

  @IsString()
  @MaxLength(200)
  scenario!: string;

  /** The challenger's side, or "random" (drawn by the server when the challenge is accepted). */
  @IsIn(['union', 'confederate', 'random'])
  side!: 'union' | 'confederate' | 'random';

  /** Rules options and supplied counters, as POST /v1/games takes them. */
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  /** {kind: "correspondence", daysPerDecision} or {kind: "live", initialSeconds, incrementSeconds, incrementPer}. */
  @IsOptional()
  @IsObject()
  timeControl?: Record<string, unknown>;

  @IsBoolean()
  rated!: boolean;

  /** Hours until the challenge expires unanswered (1 to 336, default 72). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(336)
  expiresInHours?: number;
}
