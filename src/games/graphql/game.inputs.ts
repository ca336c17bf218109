import { MAX_LIST_OFFSET } from '../dto/list-games.query';
import { Field, InputType, Int } from '@nestjs/graphql';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { JSONScalar } from './json.scalar';

@InputType()
export class CreateGameInput {
  @Field()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  scenario!: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  seed?: string;

  @Field({
    nullable: true,
    description:
      'A game for testing: only then may seed be given (SEED_REQUIRES_TESTING); never rated.',
  })
  @IsOptional()
  @IsBoolean()
  testing?: boolean;

  @Field(() => JSONScalar, { nullable: true })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;
}

@InputType()
export class GamesFilter {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  scenario?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsIn(['active', 'finished'])
  status?: 'active' | 'finished';

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;
}

@InputType()
export class SubmitOrderInput {
  @Field()
  @IsString()
  gameId!: string;

  @Field(() => Int)
  @IsInt()
  @Min(0)
  expectedVersion!: number;

  @Field(() => JSONScalar)
  @IsObject()
  order!: Record<string, unknown>;

  @Field({ nullable: true, description: 'Same meaning as the Idempotency-Key header.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  idempotencyKey?: string;
}
