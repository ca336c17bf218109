import { Args, Context, Field, ID, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { PlayersService } from './players.service';
import type { Scope } from './player-tokens';

@ObjectType('Player', { description: 'A registered player.' })
export class PlayerModel {
  @Field(() => ID)
  id!: string;

  @Field()
  handle!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('Me', { description: 'The player of the token, with the scopes of that token.' })
export class MeModel extends PlayerModel {
  @Field(() => [String])
  scopes!: Scope[];
}

@ObjectType('PlayerToken', { description: 'A personal API token (never its secret once created).' })
export class TokenModel {
  @Field(() => ID)
  id!: string;

  @Field()
  label!: string;

  @Field(() => [String], { description: 'play, tournaments, scenarios.' })
  scopes!: Scope[];

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  revokedAt!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The secret token: only in the answer that created it.',
  })
  token?: string;
}

@ObjectType('Registered')
export class RegisteredModel {
  @Field(() => PlayerModel)
  player!: PlayerModel;

  @Field(() => TokenModel, {
    description: 'A first token with every scope: keep it, it is shown once.',
  })
  token!: TokenModel;
}

/** Players over GraphQL: the player token travels in the Authorization header (as REST). */
@Resolver()
export class PlayersResolver {
  constructor(private readonly players: PlayersService) {}

  @Mutation(() => RegisteredModel, { description: 'Register a player (POST /v1/players).' })
  registerPlayer(@Args('handle') handle: string) {
    return this.players.register(handle);
  }

  @Query(() => MeModel, { description: 'The player of the token (GET /v1/me).' })
  async me(@Context() context: unknown) {
    return this.players.me(await this.players.authenticate(graphqlAuthorization(context)));
  }

  @Query(() => PlayerModel, { description: 'A player by handle (GET /v1/players/{handle}).' })
  player(@Args('handle') handle: string) {
    return this.players.byHandle(handle);
  }

  @Query(() => [TokenModel], { description: "The player's tokens (GET /v1/me/tokens)." })
  async myTokens(@Context() context: unknown) {
    return this.players.tokens(await this.players.authenticate(graphqlAuthorization(context)));
  }

  @Mutation(() => TokenModel, { description: 'A new token (POST /v1/me/tokens).' })
  async createToken(
    @Args('scopes', { type: () => [String] }) scopes: string[],
    @Args('label', { type: () => String, nullable: true }) label: string | undefined,
    @Context() context: unknown,
  ) {
    const who = await this.players.authenticate(graphqlAuthorization(context));
    return this.players.createToken(who, label ?? 'token', this.players.checkScopes(scopes));
  }

  @Mutation(() => Boolean, { description: 'Revoke a token (DELETE /v1/me/tokens/{id}).' })
  async revokeToken(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    await this.players.revoke(await this.players.authenticate(graphqlAuthorization(context)), id);
    return true;
  }
}
