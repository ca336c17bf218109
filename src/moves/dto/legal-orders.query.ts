import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { LISTING_FORMATS, type ListingFormat } from '../compact-listing';

/**
 * Most orders one page of GET legal-orders lists (the default page). A
 * listing is bounded by the scenario bounds (units, movement), but can still
 * run to tens of thousands of orders: beyond a page it is paged with `cursor`
 * (issue 16, bounded work and answers).
 */
export const LEGAL_ORDERS_PAGE_MAX = 10000;

/** GET /v1/games/{id}/legal-orders?limit=&cursor=&format= */
export class LegalOrdersQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LEGAL_ORDERS_PAGE_MAX)
  limit?: number;

  /** The `next` of the previous page: `<version>.<offset>`. */
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,9}\.\d{1,9}$/, { message: 'cursor must be the next value of a previous page' })
  cursor?: string;

  /** `full` (the default): the orders one by one; `compact`: grouped by unit (compactPage). */
  @IsOptional()
  @IsIn(LISTING_FORMATS)
  format?: ListingFormat;
}
