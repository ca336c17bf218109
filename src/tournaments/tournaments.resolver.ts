import {
  Args,
  Context,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from '@nestjs/graphql';
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
import { JSONScalar } from '../games/graphql/json.scalar';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { PlayersService } from '../players/players.service';
import { MAX_PLAYERS, TournamentsService } from './tournaments.service';

@ObjectType('Tournament')
export class TournamentModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field({ description: 'round-robin or swiss' })
  kind!: string;

  @Field(() => JSONScalar, { description: '{id, handle}' })
  organizer!: unknown;

  @Field()
  scenario!: string;

  @Field(() => JSONScalar)
  options!: unknown;

  @Field(() => JSONScalar, { nullable: true })
  timeControl!: unknown;

  @Field()
  rated!: boolean;

  @Field({ description: 'open, running or finished' })
  status!: string;

  @Field(() => Int, { nullable: true })
  rounds!: number | null;

  @Field(() => Int)
  currentRound!: number;

  @Field(() => Int)
  roundHours!: number;

  @Field(() => String, { nullable: true })
  roundDeadline!: string | null;

  @Field(() => Int)
  maxPlayers!: number;

  @Field(() => JSONScalar, { description: '[{id, handle}] in joining order' })
  players!: unknown;

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  finishedAt!: string | null;
}

@ObjectType('TournamentStandings')
export class StandingsModel {
  @Field(() => ID)
  tournamentId!: string;

  @Field()
  kind!: string;

  @Field()
  status!: string;

  @Field(() => Int)
  round!: number;

  @Field(() => JSONScalar, {
    description:
      '[{rank, player, points, games, wins, draws, losses, byes, buchholz, sonnebornBerger}]',
  })
  standings!: unknown;
}

@InputType()
export class CreateTournamentInput {
  @Field()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @Field(() => String, { description: 'round-robin or swiss' })
  @IsIn(['round-robin', 'swiss'])
  kind!: 'round-robin' | 'swiss';

  @Field()
  @IsString()
  @MaxLength(200)
  scenario!: string;

  @Field(() => JSONScalar, { nullable: true })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @Field(() => JSONScalar, { nullable: true })
  @IsOptional()
  @IsObject()
  timeControl?: Record<string, unknown>;

  @Field()
  @IsBoolean()
  rated!: boolean;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  rounds?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(720)
  roundHours?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(MAX_PLAYERS)
  maxPlayers?: number;
}

/** Tournaments over GraphQL (the organizer's token needs "tournaments", a player's "play"). */
@Resolver()
export class TournamentsResolver {
  constructor(
    private readonly service: TournamentsService,
    private readonly players: PlayersService,
  ) {}

  @Query(() => [TournamentModel], { name: 'tournaments', description: 'GET /v1/tournaments.' })
  listTournaments() {
    return this.service.list();
  }

  @Query(() => TournamentModel, { description: 'GET /v1/tournaments/{id}.' })
  tournament(@Args('id', { type: () => ID }) id: string) {
    return this.service.get(id);
  }

  @Query(() => StandingsModel, { description: 'GET /v1/tournaments/{id}/standings.' })
  tournamentStandings(@Args('id', { type: () => ID }) id: string) {
    return this.service.standings(id);
  }

  @Mutation(() => TournamentModel, { description: 'POST /v1/tournaments.' })
  async createTournament(@Args('input') input: CreateTournamentInput, @Context() context: unknown) {
    const who = await this.players.authenticate(graphqlAuthorization(context), 'tournaments');
    return this.service.create(who, input);
  }

  @Mutation(() => TournamentModel, { description: 'POST /v1/tournaments/{id}/join.' })
  async joinTournament(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.service.join(
      await this.players.authenticate(graphqlAuthorization(context), 'play'),
      id,
    );
  }

  @Mutation(() => TournamentModel, { description: 'POST /v1/tournaments/{id}/start.' })
  async startTournament(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.service.start(
      await this.players.authenticate(graphqlAuthorization(context), 'tournaments'),
      id,
    );
  }
}
