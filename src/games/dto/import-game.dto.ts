import { Type } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { VerifyReplayDto } from './verify-replay.dto';

/** POST /v1/games/import: a game's text (docs/notation.md) or its JSON replay, seed revealed. */
export class ImportGameDto {
  /** The game as text: headers and one entry per line (GET /v1/games/{id}/export.txt). */
  @ValidateIf((o: ImportGameDto) => o.replay === undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(4_000_000)
  text?: string;

  /** The game as a JSON replay (GET /v1/games/{id}/replay). */
  @IsOptional()
  @ValidateNested()
  @Type(() => VerifyReplayDto)
  replay?: VerifyReplayDto;
}
