/**
 * Engine benchmark: full random playouts of Shiloh per second (every order drawn
 * from legalOrders, as a client would; end-phase a quarter of the time when
 * offered, never resign) and the memory one game state takes.
 * Run: npm run bench (or node --expose-gc -r ts-node/register/transpile-only bench/playouts.ts)
 */
import * as fs from 'fs';
import * as path from 'path';
import { gameDice } from '../src/engine/dice';
import { ENGINE_REVISION } from '../src/engine/revision';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../src/engine/game';
import type { GameState } from '../src/engine/state';
import type { MapDocument, ScenarioDocument } from '../src/engine/types';

const SECONDS = Number(process.env.BENCH_PLAYOUT_SECONDS ?? 20);

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dir = path.join(__dirname, '../scenarios/shiloh');
const scenario = JSON.parse(
  fs.readFileSync(path.join(dir, 'scenario.json'), 'utf8'),
) as ScenarioDocument;
const map = JSON.parse(fs.readFileSync(path.join(dir, 'map.json'), 'utf8')) as MapDocument;
const ctx = prepareGame(scenario, map);

/** One random game to the end; returns the number of orders and a sample of states along the way. */
function playout(seed: number, keep?: GameState[]): number {
  const random = prng(seed);
  let state = newGame(ctx, {}, gameDice(`playout-${seed}`, 0, ENGINE_REVISION));
  let orders = 0;
  for (let acting = whoMustAct(ctx, state); acting; acting = whoMustAct(ctx, state)) {
    const legal = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    if (legal.length === 0)
      throw new Error(`no legal order for ${acting.side} at turn ${state.turn}`);
    const end = legal.find((o) => o.type === 'end-phase');
    const order = end && random() < 0.25 ? end : legal[Math.floor(random() * legal.length)];
    const result = applyOrder(
      ctx,
      state,
      acting.side,
      order,
      gameDice(`playout-${seed}`, state.diceDrawn, ENGINE_REVISION),
    );
    if (!result.ok)
      throw new Error(`listed order refused: ${JSON.stringify(order)} → ${result.refusal.message}`);
    state = result.state;
    orders++;
    if (keep && orders % 10 === 0) keep.push(state);
  }
  return orders;
}

playout(0); // warm-up
const t0 = process.hrtime.bigint();
let games = 0;
let orders = 0;
while (Number(process.hrtime.bigint() - t0) / 1e9 < SECONDS || games < 3) {
  orders += playout(++games);
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(
  `Shiloh full random playouts                  ${(games / s).toFixed(2)} games/s  ` +
    `(${games} games, ${(orders / games).toFixed(0)} orders per game, ${(orders / s).toFixed(0)} orders/s, ${s.toFixed(1)} s)`,
);

// Memory per game state: states from one game, each a distinct object graph (nothing shared
// with the others, as after JSON.parse from the database), measured on the heap.
const gc = (global as { gc?: () => void }).gc;
const sample: GameState[] = [];
playout(4242, sample);
const json = sample.map((st) => JSON.stringify(st));
const avgJson = json.reduce((n, j) => n + Buffer.byteLength(j), 0) / json.length;
if (gc) {
  const copies = 20;
  gc();
  const before = process.memoryUsage().heapUsed;
  const held: unknown[] = [];
  for (let c = 0; c < copies; c++) for (const j of json) held.push(JSON.parse(j));
  gc();
  const after = process.memoryUsage().heapUsed;
  const perState = (after - before) / held.length;
  console.log(
    `Shiloh game state in memory                  ${(perState / 1024).toFixed(1)} KiB per state  ` +
      `(${held.length} states held; ${(avgJson / 1024).toFixed(1)} KiB as JSON)`,
  );
} else {
  console.log(
    `Shiloh game state                            ${(avgJson / 1024).toFixed(1)} KiB as JSON (run with --expose-gc for heap size)`,
  );
}
