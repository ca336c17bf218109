/**
 * Benchmark of the full Movement Phase listing (legalOrders) for one side:
 * Shiloh's opening position (Confederate, then Union under 19.1) and a
 * 50-unit position on an open 30×30 map. Target: under 1 ms per listing.
 * Run: npm run bench
 */
import { seededDice } from '../src/engine/dice';
import {
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  GameContext,
} from '../src/engine/game';
import type { GameState } from '../src/engine/state';
import type { MapDocument, ScenarioDocument, Side, UnitSpec } from '../src/engine/types';
import * as fs from 'fs';
import * as path from 'path';

function time(label: string, ctx: GameContext, state: GameState, side: Side): void {
  const orders = legalOrders(ctx, state, side).length;
  for (let i = 0; i < 50; i++) legalOrders(ctx, state, side); // warm-up
  const runs = 500;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) legalOrders(ctx, { ...state }, side); // fresh state object: no per-state caches
  const ms = Number(process.hrtime.bigint() - t0) / 1e6 / runs;
  console.log(`${label.padEnd(44)} ${ms.toFixed(3)} ms per listing  (${orders} orders)`);
}

function shiloh(): GameContext {
  const dir = path.join(__dirname, '../scenarios/shiloh');
  const scenario = JSON.parse(
    fs.readFileSync(path.join(dir, 'scenario.json'), 'utf8'),
  ) as ScenarioDocument;
  const map = JSON.parse(fs.readFileSync(path.join(dir, 'map.json'), 'utf8')) as MapDocument;
  return prepareGame(scenario, map);
}

function fiftyUnits(): GameContext {
  const map: MapDocument = {
    id: 'bench',
    title: 'open 30x30',
    provenance: 'reconstructed from the rules text',
    grid: {
      orientation: 'flat',
      shifted: 'odd',
      columns: { first: 1, last: 30 },
      rows: { first: 1, last: 30 },
      top: 'north',
    },
    defaultHex: { terrain: 'clear' },
    hexes: {},
    hexsides: [],
    routes: [
      {
        type: 'road',
        hexes: Array.from({ length: 30 }, (_, k) => `15${String(k + 1).padStart(2, '0')}`),
      },
    ],
  };
  const units: UnitSpec[] = [];
  const placements = [];
  for (let k = 0; k < 50; k++) {
    const side: Side = k < 25 ? 'union' : 'confederate';
    const col = 3 + (k % 25);
    const row = side === 'union' ? 8 + (k % 3) : 20 - (k % 3);
    const id = `${side}-${k}`;
    units.push({
      id,
      side,
      designation: id,
      type: k % 5 === 0 ? 'cavalry' : k % 7 === 0 ? 'artillery' : 'infantry',
      strength: 4,
    });
    placements.push({
      unit: id,
      hex: `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`,
    });
  }
  const scenario: ScenarioDocument = {
    id: 'bench',
    title: 'bench',
    date: '1863-07-01',
    year: 1863,
    rules: { system: 'blue-grey', version: 'blue-grey/2e-1' },
    map: 'bench',
    firstPlayer: 'union',
    turns: 10,
    nightTurns: [],
    units,
    setup: { kind: 'fixed', placements },
    reinforcements: [],
    specialRules: [],
    victory: { points: [], objectives: [], levels: [], otherwise: 'draw' },
    sources: [],
    notes: [],
  };
  return prepareGame(scenario, map);
}

const s = shiloh();
const g = newGame(s, {}, seededDice('bench'));
time('Shiloh GT1, Confederate movement phase', s, g, 'confederate');
const union: GameState = { ...g, phasing: 'union' };
time('Shiloh GT1, Union movement phase (19.1)', s, union, 'union');
const later: GameState = { ...g, turn: 3, phasing: 'union' };
time('Shiloh GT3, Union movement phase (free)', s, later, 'union');
const f = fiftyUnits();
time('50 units on 30x30, one side (25 units)', f, newGame(f, {}, seededDice('bench')), 'union');

/**
 * The largest playable shipped scenario: the one with the most units on the
 * map at the start, among those the engine can play now (notYetSupported
 * empty, fixed set-up), so the figure follows the data as battles are added.
 */
function largestPlayable(): {
  id: string;
  ctx: GameContext;
  state: GameState;
  onMap: number;
} | null {
  const root = path.join(__dirname, '../scenarios');
  let best: { id: string; ctx: GameContext; state: GameState; onMap: number } | null = null;
  for (const id of fs.readdirSync(root)) {
    const file = path.join(root, id, 'scenario.json');
    if (!fs.existsSync(file)) continue;
    const scenario = JSON.parse(fs.readFileSync(file, 'utf8')) as ScenarioDocument;
    // A printed order of battle only: a scenario whose players supply counters has no fixed army to time.
    if (
      notYetSupported(scenario).length > 0 ||
      scenario.setup.kind !== 'fixed' ||
      scenario.counters
    )
      continue;
    const map = JSON.parse(
      fs.readFileSync(path.join(root, id, scenario.map), 'utf8'),
    ) as MapDocument;
    const ctx = prepareGame(scenario, map);
    const state = newGame(ctx, {}, seededDice('bench'));
    const onMap = Object.values(state.units).filter((u) => u.status === 'on-map').length;
    if (!best || onMap > best.onMap) best = { id, ctx, state, onMap };
  }
  return best;
}

const largest = largestPlayable();
if (largest) {
  const side = largest.state.phasing;
  time(
    `${largest.id} (largest playable, ${largest.onMap} units), GT1 ${side}`,
    largest.ctx,
    largest.state,
    side,
  );
}
