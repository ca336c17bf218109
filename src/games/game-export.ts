import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Side } from '../engine/types';
import { GamesService, type ReplayDto } from './games.service';

/** What GET /v1/games/export selects: finished games only. */
export interface ExportFilter {
  scenario?: string;
  rulesSystem?: string;
  /** The winning side, or draw (no winner). */
  result?: Side | 'draw';
  /** Finished at or after / before (the game's last update is the order that ended it). */
  since?: Date;
  until?: Date;
  /** With `until`: the last game of the previous page (games ending in its millisecond come after it by id). */
  after?: string;
  /** A player's handle (case-insensitive, as handles are unique): games he played on either side. */
  player?: string;
  limit: number;
}

/** One line of the export: the game's whole replay (seed revealed, verifiable) and its players. */
export type ExportedGame = ReplayDto & {
  /** The registered players of each side; null for an anonymous game (seat tokens only). */
  players: Record<Side, string> | null;
};

/**
 * The bulk export of finished games (issue 18, like Lichess's game export):
 * the newest first, each as its replay — everything is revealed once a game is
 * over, so no reader's view applies. Reads ladder_games and players (a left
 * join, read only) to filter and label games by player; games between no
 * registered players export with `players: null`.
 */
@Injectable()
export class GameExport {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
  ) {}

  /** The ids of the games to export, newest first, with their players. */
  async select(
    filter: ExportFilter,
  ): Promise<Array<{ id: string; players: ExportedGame['players'] }>> {
    const where = [`g.status = 'finished'`];
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (filter.scenario !== undefined) where.push(`g.scenario_id = ${param(filter.scenario)}`);
    if (filter.rulesSystem !== undefined)
      where.push(`g.rules_system = ${param(filter.rulesSystem)}`);
    if (filter.result === 'draw') where.push(`(g.result ->> 'winner') IS NULL`);
    else if (filter.result !== undefined)
      where.push(`g.result ->> 'winner' = ${param(filter.result)}`);
    // Ordered and paged by the millisecond a game ended (what its updatedAt shows a client),
    // then by id: (until, after) is the last line's place in that order, so a page never
    // skips a game that ended in the same millisecond as the previous page's last one.
    const ended = `date_trunc('milliseconds', g.updated_at)`;
    if (filter.since) where.push(`g.updated_at >= ${param(filter.since.toISOString())}`);
    if (filter.until) {
      const until = param(filter.until.toISOString());
      where.push(
        filter.after === undefined
          ? `${ended} < ${until}`
          : `(${ended} < ${until} OR (${ended} = ${until} AND g.id > ${param(filter.after)}))`,
      );
    }
    if (filter.player !== undefined) {
      const handle = param(filter.player.toLowerCase());
      where.push(`(lower(pu.handle) = ${handle} OR lower(pc.handle) = ${handle})`);
    }
    const rows = await this.dataSource.query<
      Array<{ id: string; union_handle: string | null; confederate_handle: string | null }>
    >(
      `SELECT g.id, pu.handle AS union_handle, pc.handle AS confederate_handle
         FROM games g
         LEFT JOIN ladder_games lg ON lg.game_id = g.id
         LEFT JOIN players pu ON pu.id = lg.union_player_id
         LEFT JOIN players pc ON pc.id = lg.confederate_player_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${ended} DESC, g.id ASC
        LIMIT ${param(filter.limit)}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      players:
        r.union_handle !== null && r.confederate_handle !== null
          ? { union: r.union_handle, confederate: r.confederate_handle }
          : null,
    }));
  }

  /** One game's export line (its replay as anyone reads a finished game, and its players). */
  async line(id: string, players: ExportedGame['players']): Promise<ExportedGame> {
    return { ...(await this.games.replay(id, null)), players };
  }
}
