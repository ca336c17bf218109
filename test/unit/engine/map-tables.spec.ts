/**
 * Worker-built map tables (issue 16: heavy engine work off the event loop).
 * The service builds a large map's tables (RulesSystem.prepareTables: the
 * TerrainMap's tables and the movement Board) on a worker thread and prepares
 * the context on the event loop from their structured clone. A context so
 * prepared must play exactly as one prepared inline: the same grid answers,
 * the same board, the same legal orders, the same states and events.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { gameDice } from '../../../src/engine/dice';
import type { GameContext } from '../../../src/engine/game';
import { ENGINE_REVISION, revisionOf } from '../../../src/engine/revision';
import { DEFAULT_RULES, rulesFor } from '../../../src/engine/rules';
import type { GameState } from '../../../src/engine/state';
import { loadScenario } from '../scenarios/support';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'scenarios', 'valid-small');

/** The largest single-sheet map the bounds allow, 99×99 (as test/reliability/heavy-work.rel-spec.ts builds it). */
function largest(): { scenario: Record<string, unknown>; map: Record<string, unknown> } {
  const scenario = JSON.parse(readFileSync(join(FIXTURE, 'scenario.json'), 'utf8'));
  const map = JSON.parse(readFileSync(join(FIXTURE, 'map.json'), 'utf8'));
  map.id = 'tables-99-map';
  map.grid.columns = { first: 1, last: 99 };
  map.grid.rows = { first: 1, last: 99 };
  scenario.id = 'tables-99';
  scenario.map = map.id;
  scenario.gunboatHexes = [...((scenario.gunboatHexes as string[]) ?? []), '0101'];
  for (const r of scenario.reinforcements as Array<{ entry: string[] }>) r.entry = ['0101'];
  // The fixture declares a hook the engine refuses to play (19.11 exit hexes): left out to play it.
  scenario.specialRules = [];
  return { scenario, map };
}

/**
 * A board's fields as plain arrays: a structured clone made under jest holds
 * Maps and typed arrays of the outer realm, which jest's equality cannot read.
 */
function plain(board: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(board)) {
    if (ArrayBuffer.isView(v)) out[k] = Array.from(v as unknown as ArrayLike<number>);
    else if (v && typeof v === 'object' && Symbol.iterator in v && !Array.isArray(v))
      out[k] = [...(v as Iterable<unknown>)];
    else if (Array.isArray(v))
      out[k] = v.map((x) =>
        ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x,
      );
    else out[k] = v;
  }
  return out;
}

const cases: Array<[string, () => { scenario: unknown; map: unknown }]> = [
  ['shiloh', () => loadScenario('shiloh')],
  ['antietam', () => loadScenario('antietam')],
  ['chattanooga-1975 (classic)', () => loadScenario('chattanooga-1975')],
  ['the 99×99 custom map', largest],
];

describe('map tables built on a worker thread: the context plays as one prepared inline', () => {
  it.each(cases)(
    '%s: same grid, board, legal orders, states and events over a seeded playout',
    (_name, load) => {
      const { scenario, map } = load();
      const system = rulesFor(DEFAULT_RULES, scenario);
      expect(system.prepareTables).toBeDefined();
      // structuredClone: what crosses from a worker thread to the event loop.
      const tables = structuredClone(system.prepareTables!(map));
      const inline = system.prepare(scenario, map) as GameContext;
      const fromTables = system.prepare(scenario, map, undefined, tables) as GameContext;

      expect(plain(fromTables.board)).toEqual(plain(inline.board));
      const a = inline.map;
      const b = fromTables.map;
      expect(b.grid.all()).toEqual(a.grid.all());
      expect(b.featuredHexsides()).toEqual(a.featuredHexsides());
      for (const h of a.grid.all()) {
        expect(b.grid.neighbours(h)).toEqual(a.grid.neighbours(h));
        expect(b.grid.coord(h)).toEqual(a.grid.coord(h));
        expect(b.routesIn(h)).toEqual(a.routesIn(h));
        for (const n of a.grid.neighbours(h)) {
          expect(b.hexside(h, n)).toEqual(a.hexside(h, n));
          expect(b.routesBetween(h, n)).toEqual(a.routesBetween(h, n));
        }
      }
      expect(b.grid.centre(a.grid.all()[7])).toEqual(a.grid.centre(a.grid.all()[7]));
      expect(() => b.grid.neighbours('Z0101')).toThrow(/no hex Z0101/);

      const seed = `tables-${_name}`;
      let s1 = system.newGame(inline, {}, gameDice(seed, 0, ENGINE_REVISION)) as GameState;
      let s2 = system.newGame(fromTables, {}, gameDice(seed, 0, ENGINE_REVISION)) as GameState;
      expect(s2).toEqual(s1);
      let played = 0;
      for (let n = 0; n < 60 && s1.phase !== 'finished'; n++) {
        const acting = system.mustAct(inline, s1, null)!;
        expect(system.mustAct(fromTables, s2, null)).toEqual(acting);
        const seat = acting.seats[0];
        const orders = system.legalOrders(inline, s1, seat);
        expect(system.legalOrders(fromTables, s2, seat)).toEqual(orders);
        const playable = orders.filter((o) => o.type !== 'resign');
        // Prefer moves and attacks (they exercise the board) over ending phases.
        const busy = playable.filter((o) => o.type !== 'end-phase');
        const pool = busy.length > 0 && n % 4 !== 3 ? busy : playable;
        const order = pool[(n * 7 + 3) % pool.length];
        const r1 = system.applyOrder(
          inline,
          s1,
          seat,
          order,
          gameDice(seed, s1.diceDrawn, revisionOf(s1)),
        );
        const r2 = system.applyOrder(
          fromTables,
          s2,
          seat,
          order,
          gameDice(seed, s2.diceDrawn, revisionOf(s2)),
        );
        expect(r2).toEqual(r1);
        if (!r1.ok || !r2.ok) break;
        s1 = r1.state as GameState;
        s2 = r2.state as GameState;
        played++;
      }
      expect(played).toBeGreaterThan(10);
      expect(s2).toEqual(s1);
    },
  );
});
