/**
 * The fields of every order the block battle engine lists or accepts
 * (battle.ts: listOrders and dispatch; block-system.ts: resign), in the
 * notation of event-catalog.ts (`string`, `string?` when it may be absent).
 * src/engine/order-schema.ts generates openapi.yaml's BlockOrderOf… schemas
 * from it; test/unit/order-contract.spec.ts checks every order seeded
 * battles list against them.
 */
import type { Fields } from '../../event-catalog';

export const BLOCK_ORDER_SHAPES: Readonly<Record<string, Fields>> = {
  // 6.2 deployment
  place: { unit: 'string', cell: 'string' },
  'deploy-done': {},
  // 7.1 retreat (hexside "naval": by sea, 10.5), 6.31 night retreat
  retreat: { unit: 'string', hexside: 'string' },
  // 7.3 fire at a cell or a revealed artillery block, 7.35 melee
  fire: { unit: 'string', target: 'string' },
  melee: { cell: 'string' },
  // 7.4 battle moves, 7.43 outflanking
  move: { unit: 'string', to: 'string' },
  outflank: { unit: 'string', target: 'string' },
  // 7.5 reinforcements
  reinforce: { unit: 'string' },
  'end-phase': {},
  // interrupts: 7.32 hit allocation, 7.35 melee rounds, 7.43 a Lost block that succeeded
  'take-hit': { unit: 'string' },
  'melee-continue': {},
  'melee-fight': {},
  'melee-disengage': {},
  'outflank-engage': { unit: 'string' },
  'outflank-return': { unit: 'string' },
  // 6.31 night choices (the Attacker names his Battle HQ to continue)
  'night-retreat': {},
  'night-continue': { hq: 'string?' },
  // 6.4 regroup
  'regroup-retreat': { unit: 'string', hexside: 'string' },
  'regroup-reinforce': { unit: 'string' },
  resign: {},
};
