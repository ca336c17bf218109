import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { initialStateOf } from '../engine/replay';
import type { GameOptions } from '../engine/state';
import type { Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Clock } from '../clocks/clock';
import { checkTimeControl, type TimeControl } from '../clocks/time-control';
import { GameContexts } from '../games/game-contexts.service';
import { MatchesService } from '../matches/matches.service';
import { PlayerEventsService } from '../notifications/player-events.service';
import { PlayersService, type PlayerPrincipal } from '../players/players.service';

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export interface ChallengeDto {
  id: string;
  challenger: { id: string; handle: string };
  /** Null for an open challenge. */
  opponent: { id: string; handle: string } | null;
  scenario: string;
  /** The challenger's side, or "random". */
  side: 'union' | 'confederate' | 'random';
  options: GameOptions;
  timeControl: TimeControl | null;
  rated: boolean;
  status: ChallengeStatus;
  /** The game, once accepted. */
  gameId: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface ChallengeInput {
  opponent?: string;
  scenario: string;
  side: 'union' | 'confederate' | 'random';
  options?: Record<string, unknown>;
  timeControl?: Record<string, unknown>;
  rated: boolean;
  expiresInHours?: number;
}

export interface AcceptedDto {
  challenge: ChallengeDto;
  gameId: string;
  /** The side of the accepting player. */
  side: Side;
}

interface ChallengeRow {
  id: string;
  challenger_id: string;
  challenger_handle: string;
  challenged_id: string | null;
  challenged_handle: string | null;
  scenario_id: string;
  side: ChallengeDto['side'];
  options: GameOptions;
  time_control: TimeControl | null;
  rated: boolean;
  status: ChallengeStatus;
  game_id: string | null;
  expires_at: Date;
  created_at: Date;
}

const SELECT = `SELECT c.*, a.handle AS challenger_handle, b.handle AS challenged_handle
  FROM challenges c JOIN players a ON a.id = c.challenger_id LEFT JOIN players b ON b.id = c.challenged_id`;

/** Open challenges and a player's own are listed up to this many. */
const LIST_LIMIT = 100;

const dto = (r: ChallengeRow): ChallengeDto => ({
  id: r.id,
  challenger: { id: r.challenger_id, handle: r.challenger_handle },
  opponent: r.challenged_id ? { id: r.challenged_id, handle: r.challenged_handle ?? '' } : null,
  scenario: r.scenario_id,
  side: r.side,
  options: r.options,
  timeControl: r.time_control,
  rated: r.rated,
  status: r.status,
  gameId: r.game_id,
  expiresAt: r.expires_at.toISOString(),
  createdAt: r.created_at.toISOString(),
});

const challengeNotFound = (id: string) =>
  new ProblemException({
    status: 404,
    code: 'CHALLENGE_NOT_FOUND',
    detail: `There is no challenge ${id}.`,
  });

/**
 * Challenges: direct (to a named player) or open (anyone may accept). The
 * scenario, options and counters are checked when the challenge is made, so
 * accepting cannot fail on them; accepting creates the game with each player
 * in his seat and the seed drawn by the server. An unanswered challenge
 * expires (checked whenever challenges are read or answered).
 */
@Injectable()
export class ChallengesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contexts: GameContexts,
    private readonly players: PlayersService,
    private readonly matches: MatchesService,
    private readonly events: PlayerEventsService,
    private readonly clock: Clock,
  ) {}

  async create(who: PlayerPrincipal, input: ChallengeInput): Promise<ChallengeDto> {
    let opponentId: string | null = null;
    if (input.opponent !== undefined) {
      const opponent = await this.players.byHandle(input.opponent);
      if (opponent.id === who.id) {
        throw new ProblemException({
          status: 422,
          code: 'SELF_CHALLENGE',
          detail: 'A player cannot challenge himself.',
        });
      }
      opponentId = opponent.id;
    }
    let timeControl: TimeControl | null = null;
    if (input.timeControl !== undefined) {
      const checked = checkTimeControl(input.timeControl);
      if (!checked.ok) {
        throw new ProblemException({
          status: 400,
          code: 'BAD_TIME_CONTROL',
          detail: `${checked.problem}.`,
        });
      }
      timeControl = checked.tc;
    }
    const options = (input.options ?? {}) as GameOptions;
    // The same checks as POST /v1/games (404 scenario, 422 counters / not yet supported), now rather than at accept.
    const prepared = await this.contexts.get(input.scenario, options);
    try {
      initialStateOf(prepared, options, 'challenge-check');
    } catch (e) {
      throw new ProblemException({
        status: 422,
        code: (e as { code?: string }).code ?? 'GAME_NOT_CREATED',
        detail: `A game of "${input.scenario}" cannot be set up: ${(e as Error).message}`,
      });
    }
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + (input.expiresInHours ?? 72) * 3_600_000);
    const [row] = (await this.dataSource.query(
      `INSERT INTO challenges (challenger_id, challenged_id, scenario_id, side, options, time_control,
         rated, status, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $9) RETURNING id`,
      [
        who.id,
        opponentId,
        prepared.system.scenarioId(prepared.ctx),
        input.side,
        JSON.stringify(options),
        timeControl ? JSON.stringify(timeControl) : null,
        input.rated,
        expiresAt,
        now,
      ],
    )) as Array<{ id: string }>;
    const challenge = await this.get(row.id);
    if (opponentId) await this.events.emit(opponentId, 'challenge-received', { challenge });
    return challenge;
  }

  /** Open challenges whose time is up become expired. */
  private async expire(): Promise<void> {
    await this.dataSource.query(
      `UPDATE challenges SET status = 'expired', updated_at = $1 WHERE status = 'open' AND expires_at <= $1`,
      [this.clock.now()],
    );
  }

  async get(id: string): Promise<ChallengeDto> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw challengeNotFound(id);
    await this.expire();
    const rows = (await this.dataSource.query(`${SELECT} WHERE c.id = $1`, [id])) as ChallengeRow[];
    if (rows.length === 0) throw challengeNotFound(id);
    return dto(rows[0]);
  }

  /** GET /v1/challenges: the caller's incoming and outgoing open challenges, and others' open ones. */
  async list(
    who: PlayerPrincipal,
  ): Promise<{ incoming: ChallengeDto[]; outgoing: ChallengeDto[]; open: ChallengeDto[] }> {
    await this.expire();
    const q = (where: string) =>
      this.dataSource.query(
        `${SELECT} WHERE c.status = 'open' AND ${where} ORDER BY c.created_at DESC LIMIT ${LIST_LIMIT}`,
        [who.id],
      ) as Promise<ChallengeRow[]>;
    return {
      incoming: (await q('c.challenged_id = $1')).map(dto),
      outgoing: (await q('c.challenger_id = $1')).map(dto),
      open: (await q('c.challenged_id IS NULL AND c.challenger_id <> $1')).map(dto),
    };
  }

  /**
   * Accept: the challenged player, or anyone but the challenger for an open
   * challenge. One transaction locks the challenge, so it is accepted once.
   */
  async accept(who: PlayerPrincipal, id: string): Promise<AcceptedDto> {
    await this.get(id); // 404, and expiry
    const row = (
      await this.dataSource.query(`SELECT * FROM challenges WHERE id = $1`, [id])
    )[0] as ChallengeRow;
    this.mustBeAcceptable(row, who);
    const challengerSide: Side =
      row.side === 'random' ? (randomInt(2) === 0 ? 'union' : 'confederate') : row.side;
    const players: Record<Side, string> =
      challengerSide === 'union'
        ? { union: row.challenger_id, confederate: who.id }
        : { union: who.id, confederate: row.challenger_id };
    const { gameId } = await this.matches.create(
      {
        scenario: row.scenario_id,
        options: row.options,
        players,
        rated: row.rated,
        timeControl: row.time_control,
        challengeId: row.id,
      },
      // Checked again under the lock: a challenge is accepted once (else the new game is deleted).
      async (m, gameId) => {
        const [locked] = (await m.query(`SELECT * FROM challenges WHERE id = $1 FOR UPDATE`, [
          id,
        ])) as ChallengeRow[];
        this.mustBeAcceptable(locked, who);
        await m.query(
          `UPDATE challenges SET status = 'accepted', game_id = $2, challenged_id = coalesce(challenged_id, $3),
             updated_at = $4 WHERE id = $1`,
          [id, gameId, who.id, this.clock.now()],
        );
      },
    );
    const side: Side = challengerSide === 'union' ? 'confederate' : 'union';
    const challenge = await this.get(id);
    await this.events.emit(challenge.challenger.id, 'challenge-accepted', { challenge });
    await this.matches.announce(gameId);
    return { challenge, gameId, side };
  }

  /** Open and not expired, not the player's own, addressed to him or to anyone. */
  private mustBeAcceptable(row: ChallengeRow, who: PlayerPrincipal): void {
    this.mustBeOpen(row);
    if (row.expires_at.getTime() <= this.clock.now().getTime()) {
      throw new ProblemException({
        status: 409,
        code: 'CHALLENGE_CLOSED',
        detail: 'The challenge is expired.',
        extensions: { challengeStatus: 'expired' },
      });
    }
    if (row.challenger_id === who.id) {
      throw new ProblemException({
        status: 403,
        code: 'OWN_CHALLENGE',
        detail: 'You cannot accept your own challenge (cancel it instead).',
      });
    }
    if (row.challenged_id !== null && row.challenged_id !== who.id) {
      throw new ProblemException({
        status: 403,
        code: 'NOT_YOUR_CHALLENGE',
        detail: 'This challenge is addressed to another player.',
      });
    }
  }

  /** Decline (the challenged player) or cancel (the challenger). */
  async close(
    who: PlayerPrincipal,
    id: string,
    as: 'declined' | 'cancelled',
  ): Promise<ChallengeDto> {
    await this.get(id);
    const notify = await this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(`SELECT * FROM challenges WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as ChallengeRow[];
      this.mustBeOpen(row);
      const allowed =
        as === 'cancelled' ? row.challenger_id === who.id : row.challenged_id === who.id;
      if (!allowed) {
        throw new ProblemException({
          status: 403,
          code: as === 'cancelled' ? 'NOT_YOUR_CHALLENGE' : 'NOT_CHALLENGED',
          detail:
            as === 'cancelled'
              ? 'Only the challenger cancels a challenge.'
              : 'Only the challenged player declines a challenge (an open challenge is left to expire).',
        });
      }
      await m.query(`UPDATE challenges SET status = $2, updated_at = $3 WHERE id = $1`, [
        id,
        as,
        this.clock.now(),
      ]);
      return as === 'declined' ? row.challenger_id : row.challenged_id;
    });
    const challenge = await this.get(id);
    if (notify) {
      await this.events.emit(
        notify,
        as === 'declined' ? 'challenge-declined' : 'challenge-cancelled',
        {
          challenge,
        },
      );
    }
    return challenge;
  }

  private mustBeOpen(row: ChallengeRow): void {
    if (row.status !== 'open') {
      throw new ProblemException({
        status: 409,
        code: 'CHALLENGE_CLOSED',
        detail: `The challenge is ${row.status}.`,
        extensions: { challengeStatus: row.status },
      });
    }
  }
}
