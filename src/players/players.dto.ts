import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SCOPES, type Scope } from './player-tokens';

/** POST /v1/players */
export class RegisterPlayerDto {
  @IsString()
  @MaxLength(30)
  handle!: string;
}

/** POST /v1/me/tokens */
export class CreateTokenDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  label?: string;

  @IsArray()
  @ArrayMaxSize(SCOPES.length)
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];
}
