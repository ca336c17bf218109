import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';

/**
 * Largest `offset` of a listing: well past any real number of games, small enough
 * for PostgreSQL's OFFSET (a bigint) and exact as a JavaScript number. `1e20` is
 * an integer to class-validator and reached the database as a 500 before.
 */
export const MAX_LIST_OFFSET = 1_000_000_000;

/** GET /v1/games?scenario=&status=&limit=&offset= */
export class ListGamesQuery {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  scenario?: string;

  @IsOptional()
  @IsIn(['active', 'finished'])
  status?: 'active' | 'finished';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;
}
