import { IsInt, IsObject, Min } from 'class-validator';

/** POST /v1/games/{id}/orders */
export class SubmitOrderDto {
  /** The version the client decided on; 409 when the game has moved on. */
  @IsInt()
  @Min(0)
  expectedVersion!: number;

  /** `{type, ...fields}`; its fields are checked by the engine (422 with the rule when refused). */
  @IsObject()
  order!: Record<string, unknown>;
}
