import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';

/** Most games one GET /v1/games/export answers (page on with `until`). */
export const MAX_EXPORT_GAMES = 100;

/** GET /v1/games/export?scenario=&rulesSystem=&result=&since=&until=&after=&player=&limit= */
export class ExportGamesQuery {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  scenario?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]{1,40}$/, {
    message: 'rulesSystem must be a rules system id (blue-grey, classic, block)',
  })
  rulesSystem?: string;

  /** The winning side, or draw. */
  @IsOptional()
  @IsIn(['union', 'confederate', 'draw'])
  result?: 'union' | 'confederate' | 'draw';

  /** Games finished at or after this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601({ strict: true })
  since?: string;

  /** Games finished before this instant (ISO 8601): the `until` of the next page is the last game's updatedAt. */
  @IsOptional()
  @IsISO8601({ strict: true })
  until?: string;

  /**
   * With `until`: the id of the last game of the previous page, so games that ended in
   * the same millisecond as it and were not on that page come on this one.
   */
  @IsOptional()
  @IsUUID()
  after?: string;

  /** A registered player's handle: only the games he played (either side). */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{3,30}$/, { message: 'player must be a player handle' })
  player?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EXPORT_GAMES)
  limit?: number;
}
