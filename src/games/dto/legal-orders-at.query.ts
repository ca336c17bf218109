import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_PAST_ORDERS } from '../past-positions';
import { MAX_LIST_OFFSET } from './list-games.query';

/** GET /v1/games/{id}/states/{seq}/legal-orders?side=&limit=&offset= */
export class LegalOrdersAtQuery {
  @IsIn(['union', 'confederate'])
  side!: 'union' | 'confederate';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAST_ORDERS)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;
}
