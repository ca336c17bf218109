import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_LIST_OFFSET } from '../games/dto/list-games.query';
import { SCENARIO_PAGE } from './scenarios.service';

/** GET /v1/scenarios?limit=&offset=&owner=mine */
export class ListScenariosQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SCENARIO_PAGE.max)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;

  /** mine: only the custom scenarios the request's token uploaded (a player token with the scenarios scope, or the operator's). */
  @IsOptional()
  @IsIn(['mine'])
  owner?: 'mine';
}
