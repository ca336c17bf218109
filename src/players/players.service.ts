import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ProblemException } from '../common/errors/problem';
import { bearerToken } from '../games/seat-tokens';
import {
  HANDLE_PATTERN,
  SCOPES,
  hashPlayerToken,
  isPlayerToken,
  newPlayerToken,
  type Scope,
} from './player-tokens';

export interface PlayerDto {
  id: string;
  handle: string;
  createdAt: string;
}

export interface TokenInfoDto {
  id: string;
  label: string;
  scopes: Scope[];
  createdAt: string;
  revokedAt: string | null;
}

/** A token as created: the secret is shown this once and stored only as a hash. */
export interface NewTokenDto extends TokenInfoDto {
  token: string;
}

export interface RegisteredDto {
  player: PlayerDto;
  token: NewTokenDto;
}

/** The player a request acts for, and the scopes of the token it came with. */
export interface PlayerPrincipal {
  id: string;
  handle: string;
  scopes: Scope[];
  tokenId: string;
}

export interface MeDto extends PlayerDto {
  /** Scopes of the token this request carries. */
  scopes: Scope[];
}

interface PlayerRow {
  id: string;
  handle: string;
  created_at: Date;
}

interface TokenRow {
  id: string;
  label: string;
  scopes: Scope[];
  created_at: Date;
  revoked_at: Date | null;
}

const playerDto = (r: PlayerRow): PlayerDto => ({
  id: r.id,
  handle: r.handle,
  createdAt: r.created_at.toISOString(),
});

const tokenDto = (r: TokenRow): TokenInfoDto => ({
  id: r.id,
  label: r.label,
  scopes: r.scopes,
  createdAt: r.created_at.toISOString(),
  revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
});

/** At most this many live tokens per player: listing and checking stay bounded. */
export const MAX_TOKENS = 20;

export function playerNotFound(what: string): ProblemException {
  return new ProblemException({
    status: 404,
    code: 'PLAYER_NOT_FOUND',
    detail: `There is no player ${what}.`,
  });
}

/**
 * Players and their personal API tokens. A token is random, stored as its
 * sha256, carries scopes (play, tournaments, scenarios) and can be revoked;
 * a player may hold several. Anonymous games do not need any of this.
 */
@Injectable()
export class PlayersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** POST /v1/players: a new player and a first token with every scope. 409 when the handle is taken. */
  async register(handle: string): Promise<RegisteredDto> {
    if (!HANDLE_PATTERN.test(handle)) {
      throw new ProblemException({
        status: 400,
        code: 'BAD_HANDLE',
        detail: 'A handle is 3 to 30 letters, digits, "_" or "-".',
      });
    }
    return this.dataSource.transaction(async (m) => {
      const taken = await m.query(`SELECT 1 FROM players WHERE lower(handle) = lower($1)`, [
        handle,
      ]);
      if (taken.length > 0) {
        throw new ProblemException({
          status: 409,
          code: 'HANDLE_TAKEN',
          detail: `The handle "${handle}" is taken.`,
        });
      }
      const [row] = (await m.query(
        `INSERT INTO players (handle) VALUES ($1) RETURNING id, handle, created_at`,
        [handle],
      )) as PlayerRow[];
      const token = await this.insertToken(m, row.id, 'first token', [...SCOPES]);
      return { player: playerDto(row), token };
    });
  }

  private async insertToken(
    m: EntityManager,
    playerId: string,
    label: string,
    scopes: Scope[],
  ): Promise<NewTokenDto> {
    const token = newPlayerToken();
    const [row] = (await m.query(
      `INSERT INTO player_tokens (player_id, token_hash, label, scopes) VALUES ($1, $2, $3, $4)
       RETURNING id, label, scopes, created_at, revoked_at`,
      [playerId, hashPlayerToken(token), label, JSON.stringify(scopes)],
    )) as TokenRow[];
    return { ...tokenDto(row), token };
  }

  /** POST /v1/me/tokens: a token with at most the scopes of the token used to ask. */
  async createToken(who: PlayerPrincipal, label: string, scopes: Scope[]): Promise<NewTokenDto> {
    const beyond = scopes.filter((s) => !who.scopes.includes(s));
    if (beyond.length > 0) {
      throw new ProblemException({
        status: 403,
        code: 'SCOPE_NOT_HELD',
        detail: `This token does not hold the scope(s) ${beyond.join(', ')}: it cannot grant them.`,
      });
    }
    return this.dataSource.transaction(async (m) => {
      // Lock the player row so two requests cannot both pass the limit.
      await m.query(`SELECT id FROM players WHERE id = $1 FOR UPDATE`, [who.id]);
      const [{ n }] = await m.query(
        `SELECT count(*)::int AS n FROM player_tokens WHERE player_id = $1 AND revoked_at IS NULL`,
        [who.id],
      );
      if (n >= MAX_TOKENS) {
        throw new ProblemException({
          status: 422,
          code: 'TOO_MANY_TOKENS',
          detail: `A player holds at most ${MAX_TOKENS} live tokens: revoke one first.`,
        });
      }
      return this.insertToken(m, who.id, label, [...new Set(scopes)]);
    });
  }

  /** Scopes named by a caller that skips class-validator (GraphQL arguments): 400 for an unknown one. */
  checkScopes(scopes: string[]): Scope[] {
    const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0 || scopes.length > SCOPES.length) {
      throw new ProblemException({
        status: 400,
        code: 'BAD_SCOPE',
        detail: `Scopes are ${SCOPES.join(', ')}; got ${scopes.join(', ')}.`,
      });
    }
    return scopes as Scope[];
  }

  /** GET /v1/me/tokens: the player's tokens, newest first, never their secrets. */
  async tokens(who: PlayerPrincipal): Promise<TokenInfoDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, label, scopes, created_at, revoked_at FROM player_tokens
       WHERE player_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
      [who.id],
    )) as TokenRow[];
    return rows.map(tokenDto);
  }

  /** DELETE /v1/me/tokens/{id}: revoke one of the player's own tokens (404 for anyone else's). */
  async revoke(who: PlayerPrincipal, tokenId: string): Promise<void> {
    const notFound = new ProblemException({
      status: 404,
      code: 'TOKEN_NOT_FOUND',
      detail: `You have no token ${tokenId}.`,
    });
    if (!/^[0-9a-f-]{36}$/i.test(tokenId)) throw notFound;
    const rows = await this.dataSource.query(
      `UPDATE player_tokens SET revoked_at = coalesce(revoked_at, now())
       WHERE id = $1 AND player_id = $2 RETURNING id`,
      [tokenId, who.id],
    );
    if (rows[0].length === 0) throw notFound;
  }

  /** GET /v1/me. */
  async me(who: PlayerPrincipal): Promise<MeDto> {
    return { ...(await this.byId(who.id)), scopes: who.scopes };
  }

  async byId(id: string): Promise<PlayerDto> {
    const rows = (await this.dataSource.query(
      `SELECT id, handle, created_at FROM players WHERE id = $1`,
      [id],
    )) as PlayerRow[];
    if (rows.length === 0) throw playerNotFound(id);
    return playerDto(rows[0]);
  }

  /** GET /v1/players/{handle}; 404 when no one has it. */
  async byHandle(handle: string): Promise<PlayerDto> {
    if (!HANDLE_PATTERN.test(handle)) throw playerNotFound(`"${handle}"`);
    const rows = (await this.dataSource.query(
      `SELECT id, handle, created_at FROM players WHERE lower(handle) = lower($1)`,
      [handle],
    )) as PlayerRow[];
    if (rows.length === 0) throw playerNotFound(`"${handle}"`);
    return playerDto(rows[0]);
  }

  /** Handles of players by id (for views that name both players). */
  async handles(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT id, handle FROM players WHERE id = ANY($1::uuid[])`,
      [ids],
    )) as Array<{ id: string; handle: string }>;
    return new Map(rows.map((r) => [r.id, r.handle]));
  }

  /** The player of a live (unrevoked) token, or null. */
  async principalOf(token: string): Promise<PlayerPrincipal | null> {
    if (!isPlayerToken(token) || token.length > 200) return null;
    const rows = (await this.dataSource.query(
      `SELECT p.id, p.handle, t.scopes, t.id AS token_id FROM player_tokens t
       JOIN players p ON p.id = t.player_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
      [hashPlayerToken(token)],
    )) as Array<{ id: string; handle: string; scopes: Scope[]; token_id: string }>;
    if (rows.length === 0) return null;
    const r = rows[0];
    return { id: r.id, handle: r.handle, scopes: r.scopes, tokenId: r.token_id };
  }

  /**
   * The player an Authorization header ("Bearer mpt_…") acts for, holding
   * `scope` when one is named: 401 PLAYER_TOKEN_REQUIRED without a player
   * token, 401 INVALID_PLAYER_TOKEN for an unknown or revoked one, 403
   * SCOPE_REQUIRED when the token lacks the scope.
   */
  async authenticate(authorization: unknown, scope?: Scope): Promise<PlayerPrincipal> {
    const token = bearerToken(authorization);
    if (!token || !isPlayerToken(token)) {
      throw new ProblemException({
        status: 401,
        code: 'PLAYER_TOKEN_REQUIRED',
        detail: 'Send a player token: "Authorization: Bearer mpt_…" (POST /v1/players gives one).',
      });
    }
    const who = await this.principalOf(token);
    if (!who) {
      throw new ProblemException({
        status: 401,
        code: 'INVALID_PLAYER_TOKEN',
        detail: 'This player token is unknown or was revoked.',
      });
    }
    if (scope && !who.scopes.includes(scope)) {
      throw new ProblemException({
        status: 403,
        code: 'SCOPE_REQUIRED',
        detail: `This token lacks the "${scope}" scope.`,
        extensions: { scope },
      });
    }
    return who;
  }
}
