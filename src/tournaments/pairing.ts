import type { Side } from '../engine/types';

/** One game of a round: who plays Union, who plays Confederate. */
export interface Pairing {
  union: string;
  confederate: string;
}

export interface Round {
  games: Pairing[];
  /** The player who sits out (odd number of players), if any. */
  bye: string | null;
}

/**
 * A round-robin by the circle method (Berger tables): every player meets every
 * other once, in n-1 rounds (n rounds with a bye each for an odd number). The
 * first player is fixed and the others rotate. Sides: in each game the player
 * who has played Union more often so far takes Confederate (alternating by
 * round and board when equal), so each player's Union and Confederate games
 * stay within one of each other. Players are given in seeding order; the
 * result depends on nothing else.
 */
export function roundRobin(players: string[]): Round[] {
  const ring: Array<string | null> = [...players];
  if (ring.length % 2 === 1) ring.push(null);
  const n = ring.length;
  const rounds: Round[] = [];
  let order = ring;
  const balance = new Map<string, number>(players.map((p) => [p, 0]));
  for (let r = 0; r < n - 1; r++) {
    const games: Pairing[] = [];
    let bye: string | null = null;
    for (let i = 0; i < n / 2; i++) {
      const a = order[i];
      const b = order[n - 1 - i];
      if (a === null || b === null) {
        bye = a ?? b;
        continue;
      }
      const ab = balance.get(a)! - balance.get(b)!;
      const aUnion = ab !== 0 ? ab < 0 : (r + i) % 2 === 0;
      const game = aUnion ? { union: a, confederate: b } : { union: b, confederate: a };
      balance.set(game.union, balance.get(game.union)! + 1);
      balance.set(game.confederate, balance.get(game.confederate)! - 1);
      games.push(game);
    }
    rounds.push({ games, bye });
    // Rotate every position but the first one step clockwise.
    order = [order[0], order[n - 1], ...order.slice(1, n - 1)];
  }
  return rounds;
}

/** A player as Swiss pairing sees him. */
export interface SwissEntrant {
  id: string;
  score: number;
  /** Tie-break rank among equal scores: lower pairs first (seeding, rating…). */
  seed: number;
  opponents: Set<string>;
  /** Union games minus Confederate games so far. */
  sideBalance: number;
  hadBye: boolean;
}

/** At most this many pairing steps are tried before giving up (bounded work). */
const SEARCH_LIMIT = 200_000;

/**
 * One Swiss round: players ordered by score (then seed) are paired top down,
 * each with the highest-placed player he has not met, backtracking when a
 * later player would be left without a new opponent. With an odd number the
 * lowest-placed player who has not had a bye sits out. Sides: the player who
 * has played Union more often plays Confederate (the higher-placed player
 * takes Union when equal). Null when no pairing without a repeat exists.
 */
export function swissRound(entrants: SwissEntrant[]): Round | null {
  const ranked = [...entrants].sort((a, b) => b.score - a.score || a.seed - b.seed);
  let bye: string | null = null;
  let pool = ranked;
  if (ranked.length % 2 === 1) {
    const candidates = [...ranked].reverse().filter((e) => !e.hadBye);
    const sitter = candidates[0] ?? ranked[ranked.length - 1];
    bye = sitter.id;
    pool = ranked.filter((e) => e.id !== sitter.id);
  }
  let steps = 0;
  const pairs: Array<[SwissEntrant, SwissEntrant]> = [];
  const search = (left: SwissEntrant[]): boolean => {
    if (left.length === 0) return true;
    if (++steps > SEARCH_LIMIT) return false;
    const [top, ...rest] = left;
    for (let i = 0; i < rest.length; i++) {
      const other = rest[i];
      if (top.opponents.has(other.id)) continue;
      pairs.push([top, other]);
      if (search(rest.filter((_, j) => j !== i))) return true;
      pairs.pop();
    }
    return false;
  };
  if (!search(pool)) return null;
  const games = pairs.map(([high, low]) =>
    high.sideBalance <= low.sideBalance
      ? { union: high.id, confederate: low.id }
      : { union: low.id, confederate: high.id },
  );
  return { games, bye };
}

/** How many Swiss rounds suit a field: enough to find a winner (ceil log2 n), at least 1. */
export function swissRounds(players: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, players))));
}

/** A finished tournament game as standings need it. */
export interface ScoredGame {
  union: string;
  confederate: string;
  winner: Side | null;
  /** Points each side earned (a win's competition score; a draw's share). */
  points: Record<Side, number>;
}

export interface Standing {
  rank: number;
  player: string;
  points: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Sum of the points of the opponents met. */
  buchholz: number;
  /** Sum of the points of the opponents beaten, and half those drawn with. */
  sonnebornBerger: number;
}

/**
 * Standings on competition points, with Sonneborn-Berger and Buchholz
 * tie-breaks: Sonneborn-Berger first for a round-robin (everyone met
 * everyone, so Buchholz says little), Buchholz first for Swiss; then wins,
 * then the id, so the order never depends on input order.
 */
export function standings(
  players: string[],
  games: ScoredGame[],
  byes: Array<{ player: string; points: number }>,
  kind: 'round-robin' | 'swiss',
): Standing[] {
  const rows = new Map<string, Standing>(
    players.map((p) => [
      p,
      {
        rank: 0,
        player: p,
        points: 0,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        byes: 0,
        buchholz: 0,
        sonnebornBerger: 0,
      },
    ]),
  );
  for (const g of games) {
    for (const side of ['union', 'confederate'] as const) {
      const row = rows.get(g[side]);
      if (!row) continue;
      row.games++;
      row.points += g.points[side];
      if (g.winner === null) row.draws++;
      else if (g.winner === side) row.wins++;
      else row.losses++;
    }
  }
  for (const b of byes) {
    const row = rows.get(b.player);
    if (!row) continue;
    row.byes++;
    row.points += b.points;
  }
  for (const g of games) {
    for (const side of ['union', 'confederate'] as const) {
      const me = rows.get(g[side]);
      const them = rows.get(g[side === 'union' ? 'confederate' : 'union']);
      if (!me || !them) continue;
      me.buchholz += them.points;
      const fraction = g.winner === null ? 0.5 : g.winner === side ? 1 : 0;
      me.sonnebornBerger += fraction * them.points;
    }
  }
  const first = (s: Standing) => (kind === 'round-robin' ? s.sonnebornBerger : s.buchholz);
  const second = (s: Standing) => (kind === 'round-robin' ? s.buchholz : s.sonnebornBerger);
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      first(b) - first(a) ||
      second(b) - second(a) ||
      b.wins - a.wins ||
      (a.player < b.player ? -1 : a.player > b.player ? 1 : 0),
  );
  sorted.forEach((s, i) => (s.rank = i + 1));
  return sorted;
}
