import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Glicko2, type Glicko2Player } from 'glicko2';
import { DataSource, EntityManager } from 'typeorm';
import type { Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';

/** Glicko-2 settings: the usual defaults (Glickman's paper; Lichess starts at 1500). */
export const GLICKO = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 };

/**
 * The pools a player is rated in. These battles are lopsided by design, so
 * besides the overall rating each player has one per scenario and one per
 * scenario and side: a Union player of Shiloh is measured against the
 * Confederate players of Shiloh.
 */
export type RatingCategory = 'overall' | 'scenario' | 'scenario-side';

export interface RatingDto {
  category: RatingCategory;
  scenario: string | null;
  side: Side | null;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

export interface RatingChangeDto {
  player: string;
  handle: string;
  category: RatingCategory;
  scenario: string | null;
  side: Side | null;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
  ratingBefore: number;
  ratingAfter: number;
  rdBefore: number;
  rdAfter: number;
}

export interface LeaderboardEntryDto {
  rank: number;
  player: string;
  handle: string;
  rating: number;
  rd: number;
  games: number;
}

export interface LeaderboardDto {
  category: RatingCategory;
  scenario: string | null;
  side: Side | null;
  entries: LeaderboardEntryDto[];
}

export interface BalanceDto {
  scenario: string;
  /** Finished games counted (aborted ones are not). */
  games: number;
  /** Wins of each side, and draws (no winner). */
  wins: Record<Side, number>;
  draws: number;
  /** Games by winner and level of victory ("none" for a win without a level: resignation, time). */
  byLevel: Array<{ winner: Side | null; level: string; games: number }>;
  /** Mean number of accepted orders and of Game-Turns reached. */
  averageOrders: number | null;
  averageTurns: number | null;
}

interface RatingRow {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

/** One rated game to record: the players of each side and the Union player's score. */
export interface RatedGame {
  gameId: string;
  scenario: string;
  players: Record<Side, string>;
  /** The Union player's score: 1 win, 0.5 draw, 0 loss. */
  unionScore: number;
}

const keyOf = (category: RatingCategory, scenario: string, side: Side | '') => ({
  category,
  scenario: category === 'overall' ? '' : scenario,
  side: category === 'scenario-side' ? side : '',
});

/**
 * Glicko-2 ratings with the glicko2 package, one game per rating period (as
 * Lichess does), each rated game's changes recorded; leaderboards per
 * scenario; scenario balance from finished games.
 */
@Injectable()
export class RatingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Rates a finished game in the caller's transaction: every pool of both players. */
  async rate(m: EntityManager, game: RatedGame): Promise<void> {
    const pools: Array<[RatingCategory, Record<Side, Side | ''>]> = [
      ['overall', { union: '', confederate: '' }],
      ['scenario', { union: '', confederate: '' }],
      ['scenario-side', { union: 'union', confederate: 'confederate' }],
    ];
    for (const [category, sideOf] of pools) {
      const glicko = new Glicko2(GLICKO);
      const before: Record<Side, RatingRow> = {
        union: await this.current(
          m,
          game.players.union,
          keyOf(category, game.scenario, sideOf.union),
        ),
        confederate: await this.current(
          m,
          game.players.confederate,
          keyOf(category, game.scenario, sideOf.confederate),
        ),
      };
      const made: Record<Side, Glicko2Player> = {
        union: glicko.makePlayer(before.union.rating, before.union.rd, before.union.volatility),
        confederate: glicko.makePlayer(
          before.confederate.rating,
          before.confederate.rd,
          before.confederate.volatility,
        ),
      };
      glicko.updateRatings([[made.union, made.confederate, game.unionScore]]);
      for (const side of ['union', 'confederate'] as const) {
        const key = keyOf(category, game.scenario, sideOf[side]);
        const after = made[side];
        await m.query(
          `INSERT INTO ratings (player_id, category, scenario_id, side, rating, rd, volatility, games, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 1, now())
           ON CONFLICT (player_id, category, scenario_id, side) DO UPDATE
           SET rating = $5, rd = $6, volatility = $7, games = ratings.games + 1, updated_at = now()`,
          [
            game.players[side],
            key.category,
            key.scenario,
            key.side,
            after.getRating(),
            after.getRd(),
            after.getVol(),
          ],
        );
        await m.query(
          `INSERT INTO rating_changes (game_id, player_id, category, scenario_id, side,
             rating_before, rating_after, rd_before, rd_after, score)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            game.gameId,
            game.players[side],
            key.category,
            key.scenario,
            key.side,
            before[side].rating,
            after.getRating(),
            before[side].rd,
            after.getRd(),
            side === 'union' ? game.unionScore : 1 - game.unionScore,
          ],
        );
      }
    }
  }

  /** A player's rating in a pool, locked for the update; the Glicko-2 start when he has none. */
  private async current(
    m: EntityManager,
    playerId: string,
    key: { category: string; scenario: string; side: string },
  ): Promise<RatingRow> {
    const rows = (await m.query(
      `SELECT rating, rd, volatility, games FROM ratings
       WHERE player_id = $1 AND category = $2 AND scenario_id = $3 AND side = $4 FOR UPDATE`,
      [playerId, key.category, key.scenario, key.side],
    )) as RatingRow[];
    return rows[0] ?? { rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.vol, games: 0 };
  }

  /** GET /v1/players/{handle}/ratings: every pool the player has been rated in. */
  async ratingsOf(playerId: string): Promise<RatingDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT category, scenario_id, side, rating, rd, volatility, games FROM ratings
       WHERE player_id = $1 ORDER BY category, scenario_id, side`,
      [playerId],
    )) as Array<RatingRow & { category: RatingCategory; scenario_id: string; side: string }>;
    return rows.map((r) => ({
      category: r.category,
      scenario: r.scenario_id || null,
      side: (r.side || null) as Side | null,
      rating: r.rating,
      rd: r.rd,
      volatility: r.volatility,
      games: r.games,
    }));
  }

  /** GET /v1/games/{id}/rating-changes: what the game changed (empty for an unrated or unfinished game). */
  async changesOf(gameId: string): Promise<RatingChangeDto[]> {
    if (!/^[0-9a-f-]{36}$/i.test(gameId)) return [];
    const rows = (await this.dataSource.query(
      `SELECT c.*, p.handle FROM rating_changes c JOIN players p ON p.id = c.player_id
       WHERE c.game_id = $1 ORDER BY c.id`,
      [gameId],
    )) as Array<{
      player_id: string;
      handle: string;
      category: RatingCategory;
      scenario_id: string;
      side: string;
      score: number;
      rating_before: number;
      rating_after: number;
      rd_before: number;
      rd_after: number;
    }>;
    return rows.map((r) => ({
      player: r.player_id,
      handle: r.handle,
      category: r.category,
      scenario: r.scenario_id || null,
      side: (r.side || null) as Side | null,
      score: r.score,
      ratingBefore: r.rating_before,
      ratingAfter: r.rating_after,
      rdBefore: r.rd_before,
      rdAfter: r.rd_after,
    }));
  }

  /** A side named by a caller that skips class-validator (GraphQL): 400 for anything else. */
  checkSide(side: string | undefined): Side | undefined {
    if (side === undefined || side === null) return undefined;
    if (side !== 'union' && side !== 'confederate') {
      throw new ProblemException({
        status: 400,
        code: 'BAD_SIDE',
        detail: `A side is "union" or "confederate" (got "${side}").`,
      });
    }
    return side;
  }

  /**
   * GET /v1/leaderboard: overall; with a scenario, that scenario's pool; with a
   * scenario and a side, that side's pool. Highest rating first.
   */
  async leaderboard(scenario?: string, side?: Side, limit = 50): Promise<LeaderboardDto> {
    if (side && !scenario) {
      throw new ProblemException({
        status: 400,
        code: 'SIDE_NEEDS_SCENARIO',
        detail: 'A leaderboard per side is per scenario: give "scenario" too.',
      });
    }
    const category: RatingCategory = scenario ? (side ? 'scenario-side' : 'scenario') : 'overall';
    const key = keyOf(category, scenario ?? '', side ?? '');
    const rows = (await this.dataSource.query(
      `SELECT r.player_id, p.handle, r.rating, r.rd, r.games FROM ratings r
       JOIN players p ON p.id = r.player_id
       WHERE r.category = $1 AND r.scenario_id = $2 AND r.side = $3
       ORDER BY r.rating DESC, p.handle LIMIT $4`,
      [key.category, key.scenario, key.side, limit],
    )) as Array<{ player_id: string; handle: string; rating: number; rd: number; games: number }>;
    return {
      category,
      scenario: scenario ?? null,
      side: side ?? null,
      entries: rows.map((r, i) => ({
        rank: i + 1,
        player: r.player_id,
        handle: r.handle,
        rating: r.rating,
        rd: r.rd,
        games: r.games,
      })),
    };
  }

  /**
   * GET /v1/scenarios/{id}/balance: every finished game of the scenario, anonymous
   * ones included (aborted games of players are left out).
   */
  async balance(scenario: string): Promise<BalanceDto> {
    const rows = (await this.dataSource.query(
      `SELECT g.result ->> 'winner' AS winner, coalesce(g.result ->> 'level', 'none') AS level,
              count(*)::int AS games, sum(g.version)::float AS orders,
              sum((g.state ->> 'turn')::int)::float AS turns
       FROM games g LEFT JOIN ladder_games l ON l.game_id = g.id
       WHERE g.scenario_id = $1 AND g.status = 'finished'
         AND (l.outcome IS NULL OR l.outcome ->> 'kind' <> 'aborted')
       GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 2`,
      [scenario],
    )) as Array<{
      winner: Side | null;
      level: string;
      games: number;
      orders: number;
      turns: number;
    }>;
    const games = rows.reduce((n, r) => n + r.games, 0);
    const wins = { union: 0, confederate: 0 };
    let draws = 0;
    for (const r of rows) {
      if (r.winner === 'union' || r.winner === 'confederate') wins[r.winner] += r.games;
      else draws += r.games;
    }
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
    return {
      scenario,
      games,
      wins,
      draws,
      byLevel: rows.map((r) => ({ winner: r.winner, level: r.level, games: r.games })),
      averageOrders: games ? sum((r) => r.orders) / games : null,
      averageTurns: games ? sum((r) => r.turns) / games : null,
    };
  }
}
