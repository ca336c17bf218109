/**
 * The JSON Schema of every event type and pending-decision kind, generated
 * from the engine's catalog (event-catalog.ts) for the REST contract:
 * openapi.yaml's generated section (between the "generated event schemas"
 * markers, rewritten by `npm run openapi:generate`) is exactly
 * `eventContractSchemas()`, and test/unit/event-contract.spec.ts fails when
 * the file drifts from it or when the engine emits an event or decision it
 * does not describe.
 *
 * Per rules system a discriminated oneOf (`type` for events, `kind` for
 * decisions; the types are unique within a system), and `GameEvent` /
 * `Decision` the union of the systems' (anyOf: two systems may use the same
 * name for different shapes — a hex `placed` names a hex, a block one a cell).
 */
import {
  BLOCK_DECISIONS,
  BLOCK_EVENTS,
  CAMPAIGN_EVENTS,
  FLOW_EVENTS,
  HEX_DECISIONS,
  HEX_EVENTS,
  HEX_NAMED_EVENTS,
  type FieldType,
  type Fields,
} from './event-catalog';

type Schema = Record<string, unknown>;

const SIDE = ['union', 'confederate'];
const OBJECT: Schema = { type: 'object', additionalProperties: true };
const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'null']);

function single(t: FieldType): Schema {
  if (t.startsWith('$')) return { $ref: `#/components/schemas/${t.slice(1)}` };
  switch (t) {
    case 'side':
      return { type: 'string', enum: SIDE };
    case 'object':
      return OBJECT;
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'integer[]':
      return { type: 'array', items: { type: 'integer' } };
    case 'side[]':
      return { type: 'array', items: { type: 'string', enum: SIDE } };
    case 'object[]':
      return { type: 'array', items: OBJECT };
    default:
      if (!PRIMITIVE.has(t)) throw new Error(`event catalog: unknown field type "${String(t)}"`);
      return { type: t };
  }
}

/** A catalog field (`string|null?`) as a schema and whether it is required. */
export function fieldSchema(spec: string): { schema: Schema; required: boolean } {
  const required = !spec.endsWith('?');
  const types = (required ? spec : spec.slice(0, -1)).split('|') as FieldType[];
  if (types.length === 1) return { schema: single(types[0]), required };
  if (types.every((t) => PRIMITIVE.has(t))) return { schema: { type: types }, required };
  return { schema: { anyOf: types.map(single) }, required };
}

const pascal = (s: string) =>
  s
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** openapi.yaml's name of a hex event type's schema ("unit-retreated" → EventOfUnitRetreated). */
export const eventSchemaName = (type: string) => `EventOf${pascal(type)}`;
/** …of a block battle event type's (BlockEventOf…). */
export const blockEventSchemaName = (type: string) => `BlockEventOf${pascal(type)}`;
/** …of a campaign event type's (CampaignEventOf…). */
export const campaignEventSchemaName = (type: string) => `CampaignEventOf${pascal(type)}`;
/** …of a block battle event in a campaign, with its battle's hex (CampaignBattleEventOf…). */
export const campaignBattleEventSchemaName = (type: string) =>
  `CampaignBattleEventOf${pascal(type)}`;
/** The fields of a battle event in a campaign: the block battles' and the battle's hex. */
export const campaignBattleEvents = (): Record<string, Fields> =>
  Object.fromEntries(Object.entries(BLOCK_EVENTS).map(([t, f]) => [t, { ...f, battle: 'string' }]));
/** …of a flow entry's event type (FlowEventOf…). */
export const flowEventSchemaName = (type: string) => `FlowEventOf${pascal(type)}`;
/** …of a hex decision kind's (DecisionOf…). */
export const decisionSchemaName = (kind: string) => `DecisionOf${pascal(kind)}`;
/** …of a block interrupt kind's (BlockDecisionOf…). */
export const blockDecisionSchemaName = (kind: string) => `BlockDecisionOf${pascal(kind)}`;

function objectSchema(head: Record<string, Schema>, fields: Fields, headRequired: string[]) {
  const properties: Record<string, Schema> = { ...head };
  const required = [...headRequired];
  for (const [name, spec] of Object.entries(fields)) {
    const f = fieldSchema(spec);
    properties[name] = f.schema;
    if (f.required) required.push(name);
  }
  return { type: 'object', required, properties, additionalProperties: false };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function union(
  key: 'type' | 'kind',
  table: Readonly<Record<string, Fields>>,
  name: (t: string) => string,
  description: string,
) {
  const types = Object.keys(table).sort();
  return {
    description,
    oneOf: types.map((t) => ref(name(t))),
    discriminator: {
      propertyName: key,
      mapping: Object.fromEntries(types.map((t) => [t, `#/components/schemas/${name(t)}`])),
    },
  };
}

/**
 * Every generated schema of openapi.yaml's events and decisions section, by
 * name, in the order the file holds them.
 */
export function eventContractSchemas(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  out.GameEvent = {
    description:
      "Something that happened, with every die roll and what it decided: one of the hex games' events (HexEvent, or an event a scenario's exclusive rule names: HexScenarioEvent), of the block battles' (BlockEvent), of the Bobby Lee campaign (CampaignEvent, and CampaignBattleEvent: a block battle's event with its battle's hex) or of a flow entry's (FlowEvent). Generated from the engine's catalog (src/engine/event-catalog.ts, src/engine/event-schema.ts); test/unit/event-contract.spec.ts plays seeded games and fails on any event this does not describe.",
    anyOf: [
      ref('HexEvent'),
      ref('HexScenarioEvent'),
      ref('BlockEvent'),
      ref('CampaignEvent'),
      ref('CampaignBattleEvent'),
      ref('FlowEvent'),
    ],
  };
  out.HexEvent = union(
    'type',
    HEX_EVENTS,
    eventSchemaName,
    'An event of the hex games (blue-grey 2e and classic 1975), by type.',
  );
  const known = [...Object.keys(HEX_EVENTS), ...Object.keys(FLOW_EVENTS)].sort();
  out.HexScenarioEvent = {
    description:
      "An event whose type is the name a scenario's exclusive rule gives it (params.event), by the hook that emits it.",
    anyOf: Object.keys(HEX_NAMED_EVENTS)
      .sort()
      .map((h) => ref(`EventOfScenario${pascal(h)}`)),
  };
  out.BlockEvent = union(
    'type',
    BLOCK_EVENTS,
    blockEventSchemaName,
    'An event of the block battles, by type; `visibleTo` marks one only its owner sees.',
  );
  out.CampaignEvent = union(
    'type',
    CAMPAIGN_EVENTS,
    campaignEventSchemaName,
    'An event of the Bobby Lee campaign, by type; `visibleTo` marks one only its owner sees.',
  );
  out.CampaignBattleEvent = union(
    'type',
    campaignBattleEvents(),
    campaignBattleEventSchemaName,
    "An event of the battle being fought in a Bobby Lee campaign: the block battles' event of that type, with the battle's hex as `battle`.",
  );
  out.FlowEvent = union(
    'type',
    FLOW_EVENTS,
    flowEventSchemaName,
    'An event of a flow entry (a draw agreed, an abort, a loss on time, an adjudication, a takeback) in any rules system.',
  );
  out.Decision = {
    description:
      "A pending decision, as the reader may see it: the hex games' (HexDecision) or a block battle's interrupt (BlockDecision). `side` is who must answer, `kind` what is asked; the other fields are its choices. Generated from the engine's catalog (src/engine/event-catalog.ts).",
    anyOf: [ref('HexDecision'), ref('BlockDecision')],
  };
  out.HexDecision = union(
    'kind',
    HEX_DECISIONS,
    decisionSchemaName,
    "A hex game's pending decision, by kind.",
  );
  out.BlockDecision = union(
    'kind',
    BLOCK_DECISIONS,
    blockDecisionSchemaName,
    "A block battle's pending interrupt, by kind (its choices only for its seat).",
  );
  const side = { $ref: '#/components/schemas/Side' };
  for (const t of Object.keys(HEX_EVENTS).sort())
    out[eventSchemaName(t)] = objectSchema({ type: { const: t } }, HEX_EVENTS[t], ['type']);
  for (const h of Object.keys(HEX_NAMED_EVENTS).sort())
    out[`EventOfScenario${pascal(h)}`] = objectSchema(
      {
        type: {
          type: 'string',
          not: { enum: known },
          description: `The name the scenario gives (the ${h} hook's params.event).`,
        },
      },
      HEX_NAMED_EVENTS[h],
      ['type'],
    );
  for (const t of Object.keys(BLOCK_EVENTS).sort())
    out[blockEventSchemaName(t)] = objectSchema({ type: { const: t } }, BLOCK_EVENTS[t], ['type']);
  for (const t of Object.keys(CAMPAIGN_EVENTS).sort())
    out[campaignEventSchemaName(t)] = objectSchema({ type: { const: t } }, CAMPAIGN_EVENTS[t], [
      'type',
    ]);
  const battleEvents = campaignBattleEvents();
  for (const t of Object.keys(battleEvents).sort())
    out[campaignBattleEventSchemaName(t)] = objectSchema({ type: { const: t } }, battleEvents[t], [
      'type',
    ]);
  for (const t of Object.keys(FLOW_EVENTS).sort())
    out[flowEventSchemaName(t)] = objectSchema({ type: { const: t } }, FLOW_EVENTS[t], ['type']);
  for (const k of Object.keys(HEX_DECISIONS).sort())
    out[decisionSchemaName(k)] = objectSchema({ side, kind: { const: k } }, HEX_DECISIONS[k], [
      'side',
      'kind',
    ]);
  for (const k of Object.keys(BLOCK_DECISIONS).sort())
    out[blockDecisionSchemaName(k)] = objectSchema(
      { side, kind: { const: k } },
      BLOCK_DECISIONS[k],
      ['side', 'kind'],
    );
  return out;
}
