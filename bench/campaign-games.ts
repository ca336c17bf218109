/**
 * Benchmark of whole Bobby Lee games (issue 15): seeded random games of the
 * Eastern yearly scenarios played to their end through the rules-system
 * contract (block-campaign-system.ts), as the service plays them — at every
 * step the seat that must act lists its legal orders and gives one of them
 * (moves and attacks preferred to ending, as the playout test does). Prints
 * games per second, orders per game and the time per order (listing included).
 * Run: npm run bench -- campaign-games
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameDice } from '../src/engine/dice';
import { ENGINE_REVISION } from '../src/engine/revision';
import {
  BLOCK_CAMPAIGN_RULES as SYSTEM,
  type BlockCampaignGameState,
} from '../src/engine/rules/block-campaign-system';
import type { Order } from '../src/engine/state';
import { xorshiftRandom } from '../test/support/xorshift';

const rng = xorshiftRandom;

const ends = (o: Order) =>
  o.type === 'end-moves' ||
  o.type === 'pass' ||
  (o.type === 'battle' && (o.order as { type?: string }).type === 'deploy-done');

/** Plays one game to its end; the number of orders it took. */
function playOne(id: string, seed: number): number {
  const doc: unknown = JSON.parse(
    readFileSync(join(__dirname, '..', 'scenarios', id, 'scenario.json'), 'utf8'),
  );
  const ctx = SYSTEM.prepare(doc, undefined);
  const gameSeed = `${id}-bench-${seed}`;
  let state: BlockCampaignGameState = SYSTEM.newGame(
    ctx,
    {},
    gameDice(gameSeed, 0, ENGINE_REVISION),
  );
  const random = rng(seed * 7919 + 17);
  let orders = 0;
  while (!state.result) {
    if (orders > 50_000) throw new Error(`${id} seed ${seed}: no end after ${orders} orders`);
    const act = SYSTEM.mustAct(ctx, state, null);
    if (!act) throw new Error(`${id} seed ${seed}: nobody must act (${state.phase})`);
    const seat = act.seats[Math.floor(random() * act.seats.length)];
    const listed = SYSTEM.legalOrders(ctx, state, seat);
    const end = listed.filter(ends);
    const others = listed.filter((o) => !ends(o));
    const order =
      others.length > 0 && (end.length === 0 || random() < 0.85)
        ? others[Math.floor(random() * others.length)]
        : end[Math.floor(random() * end.length)];
    const r = SYSTEM.applyOrder(
      ctx,
      state,
      seat,
      order,
      gameDice(gameSeed, state.diceDrawn, ENGINE_REVISION),
    );
    if (!r.ok) throw new Error(`${id} seed ${seed}: listed order refused: ${r.refusal.message}`);
    state = r.state as BlockCampaignGameState;
    orders++;
  }
  return orders;
}

for (const [id, games] of [
  ['bobby-lee-1861', 6],
  ['bobby-lee-1864', 3],
] as const) {
  playOne(id, 0); // warm-up
  let orders = 0;
  const t0 = process.hrtime.bigint();
  for (let g = 1; g <= games; g++) orders += playOne(id, g);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(
    `${`${id}, whole random games`.padEnd(44)} ${((games * 1000) / ms).toFixed(2)} games/s  (${(orders / games).toFixed(0)} orders per game, ${(ms / orders).toFixed(2)} ms per order with its listing)`,
  );
}
