/**
 * The fields of every order the campaign engine lists or accepts
 * (campaign.ts: campaignLegalOrders and parse; block-campaign-system.ts:
 * resign), in the notation of event-catalog.ts. src/engine/order-schema.ts
 * generates openapi.yaml's CampaignOrderOf… schemas from it, GraphQL's
 * TypedOrder its members; test/unit/order-contract.spec.ts holds every order
 * type the engine's sources name to a table, and the seeded playouts of
 * test/e2e/bobby-lee-campaign.e2e-spec.ts check the listed orders against
 * the contract.
 */
import type { Fields } from '../../../event-catalog';

export const CAMPAIGN_ORDER_SHAPES: Readonly<Record<string, Fields>> = {
  // 4.25 the sealed free deployment
  place: { block: 'string', hex: 'string' },
  'end-deployment': {},
  // 3.12 the sealed initiative bid
  bid: { hqs: 'integer' },
  // 3.22, 5.11 activation, 3.4 Pass
  activate: { hqs: 'string[]' },
  pass: {},
  // 5.3 a land move; 9.2, 9.3, 9.5 rail; 10.6 River Crossing; 10.3, 10.4 naval
  move: { block: 'string', to: 'string', via: 'string', forceMarch: 'boolean' },
  rail: { block: 'string', to: 'string' },
  'river-crossing': { block: 'string', to: 'string' },
  naval: { block: 'string', to: 'string' },
  'naval-invasion': { block: 'string', to: 'string' },
  'end-moves': {},
  // 12.1-12.4 the Replacement Turn, 4.53 and 4.55 its political choice
  politics: { draft: 'boolean', emancipation: 'boolean' },
  replace: { block: 'string', steps: 'integer' },
  muster: { unit: 'string', hex: 'string' },
  'end-replacements': {},
  // 11.6, 11.7 the Supply Phase
  'hq-supply': { hq: 'string' },
  'take-attrition': {},
  'supply-loss': { block: 'string' },
  // 11.82 surrender
  surrender: { hex: 'string' },
  'demand-surrender': { hex: 'string' },
  'answer-surrender': { accept: 'boolean' },
  // 6.1 an order of the battle being fought: one of the block battles' (BlockOrder)
  battle: { order: '$BlockOrder' },
  // 6.1 the battle fought first among those tied on the shared clock
  'battle-first': { hex: 'string' },
  resign: {},
};
