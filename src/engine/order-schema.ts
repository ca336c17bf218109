/**
 * The JSON Schema of every order type, generated from ORDER_SHAPES (the
 * notation's table, itself kept equal to ORDER_FIELDS by a test), for the
 * REST contract: openapi.yaml's `OrderOf…` schemas and the `Order` oneOf are
 * these, and test/unit/order-contract.spec.ts fails when they drift or when
 * the engine lists an order they do not describe.
 */
import type { Fields } from './event-catalog';
import { fieldSchema } from './event-schema';
import { FLOW_ENTRY_TYPES } from './flow';
import { ORDER_SHAPES, type FieldKind } from './notation';
import { CAMPAIGN_ORDER_SHAPES } from './rules/block/campaign/order-shapes';
import { BLOCK_ORDER_SHAPES } from './rules/block/order-shapes';

const KIND_SCHEMA: Record<FieldKind, object> = {
  unit: { type: 'string' },
  hex: { type: 'string' },
  text: { type: 'string' },
  units: { type: 'array', items: { type: 'string' } },
  hexes: { type: 'array', items: { type: 'string' } },
  boolean: { type: 'boolean' },
  integer: { type: 'integer' },
};

/** The schema's name in openapi.yaml: OrderOf + the type in PascalCase ("end-phase" → OrderOfEndPhase). */
export function orderSchemaName(type: string): string {
  return `OrderOf${type
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}`;
}

/** One schema per order type: its `type` constant, its fields typed, the required ones required, nothing else. */
export function orderSchemas(): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [type, shape] of Object.entries(ORDER_SHAPES)) {
    const properties: Record<string, object> = { type: { const: type } };
    for (const f of shape) properties[f.name] = KIND_SCHEMA[f.kind];
    out[orderSchemaName(type)] = {
      type: 'object',
      required: ['type', ...shape.filter((f) => !f.optional).map((f) => f.name)],
      properties,
      additionalProperties: false,
    };
  }
  return out;
}

/**
 * Hex orders the notation's table does not list (it writes them whole as
 * JSON): an answer to an exclusive rule's advance (Road to Vicksburg 19.53
 * iii: stop advancing) and a hook's own order (the Train unit's automatic
 * retreat: the train-unit hook's orderTypes). test/unit/order-contract.spec.ts holds every order type the engine's
 * sources name to ORDER_SHAPES, this table or the block battles'.
 */
export const HEX_EXTRA_ORDER_SHAPES: Readonly<Record<string, Fields>> = {
  'stop-advance': { unit: 'string' },
  'train-retreat': { unit: 'string', to: 'string' },
};

/** openapi.yaml's name of a block battle order type's schema ("take-hit" → BlockOrderOfTakeHit). */
export function blockOrderSchemaName(type: string): string {
  return `Block${orderSchemaName(type)}`;
}

/** One schema per order type of a catalog-notation table, as strict as the hex ones. */
function tableSchemas(
  table: Readonly<Record<string, Fields>>,
  name: (type: string) => string,
): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [type, fields] of Object.entries(table)) {
    const properties: Record<string, object> = { type: { const: type } };
    const required = ['type'];
    for (const [name, spec] of Object.entries(fields)) {
      const f = fieldSchema(spec);
      properties[name] = f.schema;
      if (f.required) required.push(name);
    }
    out[name(type)] = {
      type: 'object',
      required,
      properties,
      additionalProperties: false,
    };
  }
  return out;
}

/** openapi.yaml's name of a campaign order type's schema ("end-moves" → CampaignOrderOfEndMoves). */
export function campaignOrderSchemaName(type: string): string {
  return `Campaign${orderSchemaName(type)}`;
}

/** One schema per block battle order type (BLOCK_ORDER_SHAPES). */
export const blockOrderSchemas = () => tableSchemas(BLOCK_ORDER_SHAPES, blockOrderSchemaName);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function discriminated(description: string, names: Record<string, string>) {
  const types = Object.keys(names);
  return {
    description,
    oneOf: types.map((t) => ref(names[t])),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(types.map((t) => [t, `#/components/schemas/${names[t]}`])),
    },
  };
}

/**
 * openapi.yaml's generated orders section (between its "generated order
 * schemas" markers): `Order`, each rules system's discriminated union and
 * one schema per order type, in the order the file holds them.
 */
export function orderContractSchemas(): Record<string, object> {
  const flow = new Set<string>(FLOW_ENTRY_TYPES);
  const hexTypes = [
    ...Object.keys(ORDER_SHAPES).filter((t) => t !== 'sealed' && !flow.has(t)),
    ...Object.keys(HEX_EXTRA_ORDER_SHAPES),
  ];
  return {
    Order: {
      description:
        "An order: a `type` and the fields that type needs. One of the hex games' orders (HexOrder) the block battles' (BlockOrder) or the Bobby Lee campaign's (CampaignOrder: its `battle` order carries a BlockOrder): the systems share some type names (move, retreat, place, end-phase, resign) with other fields, so a client tells them apart by the game's rulesSystem. In replays and live updates a sealed order of the other side reads `{type: \"sealed\", side, rule}` until the game is over (OrderOfSealed). Replays also hold the game's flow entries (FlowEntry), which the service writes and no client gives as an order (src/engine/flow.ts; 422 NOT_AN_ORDER): `draw-agreed` (the entry's side accepted the draw offer), `abort`, `timeout` (`flagged` ran out of time: the other side wins), `adjudicate` (the victory conditions as they stand, with its `reason`) and `takeback` (back to the position after entry `to`; the entries after it stay in the log, superseded). Generated from the engines' tables (src/engine/order-schema.ts); test/unit/order-contract.spec.ts fails when the engines list an order this does not describe. Checked by the engine.",
      anyOf: [
        ref('HexOrder'),
        ref('BlockOrder'),
        ref('CampaignOrder'),
        ref('FlowEntry'),
        ref('OrderOfSealed'),
      ],
    },
    HexOrder: discriminated(
      'An order of the hex games (blue-grey 2e and classic 1975), by type.',
      Object.fromEntries(hexTypes.map((t) => [t, orderSchemaName(t)])),
    ),
    BlockOrder: discriminated(
      'An order of the block battles, by type.',
      Object.fromEntries(Object.keys(BLOCK_ORDER_SHAPES).map((t) => [t, blockOrderSchemaName(t)])),
    ),
    CampaignOrder: discriminated(
      'An order of the Bobby Lee campaign, by type.',
      Object.fromEntries(
        Object.keys(CAMPAIGN_ORDER_SHAPES).map((t) => [t, campaignOrderSchemaName(t)]),
      ),
    ),
    FlowEntry: discriminated(
      "An entry of the game's flow in any rules system (src/engine/flow.ts), by type: written by the service, never given as an order.",
      Object.fromEntries(FLOW_ENTRY_TYPES.map((t) => [t, orderSchemaName(t)])),
    ),
    ...orderSchemas(),
    ...tableSchemas(HEX_EXTRA_ORDER_SHAPES, orderSchemaName),
    ...blockOrderSchemas(),
    ...tableSchemas(CAMPAIGN_ORDER_SHAPES, campaignOrderSchemaName),
  };
}
