import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PLAYER_EVENT_TYPES, type PlayerEventType } from './player-events.service';

/** POST /v1/me/webhooks */
export class CreateWebhookDto {
  @IsString()
  @MaxLength(2000)
  url!: string;

  /** Event types to deliver; all when absent. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PLAYER_EVENT_TYPES.length)
  @IsIn(PLAYER_EVENT_TYPES, { each: true })
  events?: PlayerEventType[];
}
