/**
 * Benchmark of the Bobby Lee campaign engine (issue 15): the legal orders of
 * a full Campaign Turn's Movement Phase in the largest Eastern scenario
 * (1863: 81 blocks), the initiative's winner having activated all four of
 * his HQs (the Supreme HQ's Strategic Moves let any block move), then whole
 * Movement Phases of random legal orders played from the set-up up to the
 * Combat Phase (battles have their own benchmarks) or the Supply Phase.
 * Run: npm run bench -- campaign-movement
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyedDice } from '../src/engine/dice';
import {
  applyCampaignOrder,
  campaignLegalOrders,
  campaignMustAct,
} from '../src/engine/rules/block/campaign/campaign';
import { newCampaign } from '../src/engine/rules/block/campaign/setup';
import { campaignMapOf } from '../src/engine/rules/block/campaign/terrain';
import type {
  CampaignState,
  CampaignVictoryValues,
} from '../src/engine/rules/block/campaign/types';
import { BLOCK_MAPS } from '../src/engine/rules/block/map';

const EAST = BLOCK_MAPS.east!;
const MAP = campaignMapOf(EAST);
/** The 1863 scenario's Victory Track values (its reconstructed section), which set-up needs. */
const VALUES = (
  JSON.parse(
    readFileSync(join(__dirname, '..', 'scenarios', 'bobby-lee-1863', 'scenario.json'), 'utf8'),
  ) as { reconstructed: CampaignVictoryValues }
).reconstructed;

function must<T>(r: { ok: true; state: T } | { ok: false; refusal: { message: string } }): T {
  if (!r.ok) throw new Error(r.refusal.message);
  return r.state;
}

/** East 1863 after the bids (USA 4, CSA 0): the USA activates every HQ. */
function opening(seed: string): CampaignState {
  const dice = keyedDice(seed);
  let s = newCampaign('east-1863', EAST, dice, VALUES).state;
  s = must(applyCampaignOrder(s, MAP, 'union', { type: 'bid', hqs: 4 }, dice));
  s = must(applyCampaignOrder(s, MAP, 'confederate', { type: 'bid', hqs: 0 }, dice));
  const hqs = s.blocks.filter((b) => b.side === 'union' && b.hq).map((b) => b.id);
  return must(applyCampaignOrder(s, MAP, 'union', { type: 'activate', hqs }, dice));
}

const state = opening('bench');
const orders = campaignLegalOrders(state, MAP, 'union').length;
for (let i = 0; i < 20; i++) campaignLegalOrders(state, MAP, 'union');
let runs = 200;
let t0 = process.hrtime.bigint();
for (let i = 0; i < runs; i++) campaignLegalOrders({ ...state }, MAP, 'union');
let ms = Number(process.hrtime.bigint() - t0) / 1e6 / runs;
console.log(
  `${'East 1863, USA with all four HQs active'.padEnd(44)} ${ms.toFixed(3)} ms per listing  (${orders} orders)`,
);

// Whole Campaign Turns: every order chosen from the listing, the listing made before each.
runs = 20;
let listed = 0;
let played = 0;
t0 = process.hrtime.bigint();
for (let g = 0; g < runs; g++) {
  const dice = keyedDice(`turn-${g}`);
  let s = opening(`turn-${g}`);
  let steps = 0;
  for (;;) {
    const act = campaignMustAct(s);
    if (!act || s.phase.name === 'combat') break;
    const list = campaignLegalOrders(s, MAP, act.seats[0]);
    listed++;
    const moves = list.filter((o) => o.type === 'move');
    // Moves while any are listed (at most 60 a step), then end-moves.
    const order =
      moves.length > 0 && steps < 60
        ? moves[(dice.d6() * 7 + played) % moves.length]
        : list[list.length - 1];
    steps = order.type === 'end-moves' ? 0 : steps + 1;
    s = must(applyCampaignOrder(s, MAP, act.seats[0], order, dice));
    played++;
  }
}
ms = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(
  `${'East 1863 Campaign Turns, random legal orders'.padEnd(44)} ${(ms / runs).toFixed(1)} ms per turn  (${(played / runs).toFixed(0)} orders, ${((runs * 1000) / ms).toFixed(1)} turns/s, ${(ms / listed).toFixed(2)} ms per listing)`,
);
