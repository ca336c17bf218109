/**
 * Seeded random games of shipped scenarios of every rules system, played
 * through the engine contract (RulesSystem) as the service plays them: every
 * entry's events and every pending decision as each reader (the public, each
 * seat) may see them, before and after the end. What the typed event contract
 * test (test/unit/event-contract.spec.ts) validates against openapi.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededDice } from '../../src/engine/dice';
import { applyFlowEntry, TakebackWindow } from '../../src/engine/flow';
import { DEFAULT_RULES, rulesFor } from '../../src/engine/rules';
import type { Reader } from '../../src/engine/rules';
import { gameScenario } from '../../src/engine/scenario/counters';
import type { GameOptions, Order } from '../../src/engine/state';
import type { GameEvent, MapDocument, ScenarioDocument } from '../../src/engine/types';
import { testCounters } from '../unit/scenarios/shipped';

const ROOT = join(__dirname, '../../scenarios');
const READERS: Reader[] = [null, 'union', 'confederate'];

export interface Observed {
  scenario: string;
  seq: number;
  reader: Reader;
  events: GameEvent[];
  decision: unknown;
  /** The orders listed to the seat that acted at `seq` (on its own entry: reader = that seat, no events). */
  listed?: Order[];
}

/**
 * A listed order, chosen so that games last and fights happen: units placed
 * before a deployment is declared done, the phase ended one time in four,
 * a retreat (which may end a battle) one time in ten.
 */
function pickOrder(orders: Order[], next: () => number): Order {
  const among = (pool: Order[]) => pool[next() % pool.length];
  const place = orders.filter((o) => o.type === 'place');
  if (place.length > 0 && next() % 5 !== 0) return among(place);
  const rare = (o: Order) => /^(end-phase|deploy-done)$/.test(o.type) || /retreat/.test(o.type);
  const busy = orders.filter((o) => !rare(o));
  if (busy.length > 0 && next() % 4 !== 0) return among(busy);
  const ends = orders.filter((o) => !/retreat/.test(o.type));
  return among(ends.length > 0 && next() % 10 !== 0 ? ends : orders);
}

/** One seeded random game of scenario `id` (at most `maxOrders` orders), every entry as every reader sees it. */
export function playObserved(
  id: string,
  seed: string,
  maxOrders: number,
  extra: GameOptions = {},
): Observed[] {
  const scenario = JSON.parse(readFileSync(join(ROOT, id, 'scenario.json'), 'utf8')) as {
    map?: unknown;
  };
  const map =
    typeof scenario.map === 'string'
      ? (JSON.parse(readFileSync(join(ROOT, id, scenario.map), 'utf8')) as MapDocument)
      : null;
  const counters = testCounters(id);
  const options: GameOptions = counters ? { ...extra, counters } : extra;
  const played = map
    ? gameScenario(scenario as unknown as ScenarioDocument, options, map)
    : scenario;
  const system = rulesFor(DEFAULT_RULES, played);
  const ctx = system.prepare(played, map, {});
  let state = system.newGame(ctx, options, seededDice(seed));
  const prepared = { system, ctx };
  const out: Observed[] = [];
  // The game's flow entries (src/engine/flow.ts) as the service writes them, each on its own branch.
  const flow = (events: GameEvent[], seq: number) => {
    for (const reader of READERS)
      out.push({
        scenario: id,
        seq,
        reader,
        events: system.eventsFor(ctx, events, reader, true),
        decision: undefined,
      });
  };
  const aborted = applyFlowEntry(prepared, new TakebackWindow(0, state), 'union', {
    type: 'abort',
  });
  if (aborted.ok) flow(aborted.events, 1);
  const window = new TakebackWindow(0, state);
  const entries: GameEvent[][] = [];
  let pick = 7;
  const next = () => (pick = (pick * 48271) % 2147483647);
  for (let seq = 1; seq <= maxOrders; seq++) {
    const acting = system.mustAct(ctx, state);
    if (!acting) break;
    for (const reader of READERS) {
      const seen = system.mustAct(ctx, state, reader);
      if (seen?.decision !== undefined)
        out.push({ scenario: id, seq, reader, events: [], decision: seen.decision });
    }
    const seat = acting.seats[next() % acting.seats.length];
    const orders = system.legalOrders(ctx, state, seat);
    if (orders.length === 0) break;
    out.push({ scenario: id, seq, reader: seat, events: [], decision: undefined, listed: orders });
    const order = pickOrder(orders, next);
    const applied = system.applyOrder(ctx, state, seat, order, seededDice(seed, state.diceDrawn));
    if (!applied.ok) throw new Error(`${id}: a listed order was refused: ${applied.refusal.code}`);
    state = applied.state;
    window.push(seq, seat, order, applied.events, state);
    entries.push(applied.events);
    for (const reader of READERS)
      out.push({
        scenario: id,
        seq,
        reader,
        events: system.eventsFor(ctx, applied.events, reader, false),
        decision: undefined,
      });
  }
  // A takeback to the earliest position it may reach; the endings off the board.
  const seq = entries.length + 1;
  for (const p of window.all.slice(0, -1)) {
    const back = applyFlowEntry(prepared, window, 'union', { type: 'takeback', to: p.seq });
    if (back.ok) {
      flow(back.events, seq);
      break;
    }
  }
  if (system.mustAct(ctx, state))
    for (const entry of [
      { type: 'draw-agreed' },
      { type: 'timeout', flagged: 'confederate' },
      { type: 'adjudicate', reason: 'the round deadline passed' },
    ]) {
      const ended = applyFlowEntry(prepared, new TakebackWindow(seq - 1, state), 'union', entry);
      if (ended.ok) flow(ended.events, seq);
    }
  // Resigning ends any game: its events too, and every entry as shown once it is over.
  if (system.mustAct(ctx, state)) {
    const applied = system.applyOrder(
      ctx,
      state,
      'union',
      { type: 'resign' },
      seededDice(seed, state.diceDrawn),
    );
    if (applied.ok) entries.push(applied.events);
  }
  entries.forEach((events, i) =>
    out.push({
      scenario: id,
      seq: i + 1,
      reader: null,
      events: system.eventsFor(ctx, events, null, true),
      decision: undefined,
    }),
  );
  return out;
}
