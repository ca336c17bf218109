import { IsObject } from 'class-validator';

/** POST /v1/games/{id}/odds */
export class OddsRequestDto {
  /** An attack order as it would be submitted; checked by the engine (422 with the rule when refused). */
  @IsObject()
  order!: Record<string, unknown>;
}
