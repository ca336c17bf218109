import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';

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
  offset?: number;
}
