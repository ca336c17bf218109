/**
 * GraphQL's typed orders and events (issue 18): one object type per order
 * type, event type and decision kind, generated at start-up from the same
 * engine tables as openapi.yaml's schemas (src/engine/order-schema.ts,
 * src/engine/event-schema.ts), gathered in the unions `Order`, `GameEvent`
 * and `Decision`. A field whose value has several JSON types (a die roll's
 * `units`: a count or a list) or is an object is a JSON scalar; everything
 * else is typed. An object is resolved to its member by its `type` (`kind`)
 * and, where two rules systems share a name, by its fields (an event both
 * give the same shape, resigned or game-ended, resolves to the hex member).
 */
import { createUnionType, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type { GraphQLScalarType } from 'graphql';
import {
  BLOCK_DECISIONS,
  BLOCK_EVENTS,
  CAMPAIGN_EVENTS,
  FLOW_EVENTS,
  HEX_DECISIONS,
  HEX_EVENTS,
  HEX_NAMED_EVENTS,
  type Fields,
} from '../../engine/event-catalog';
import { campaignBattleEvents, fieldSchema } from '../../engine/event-schema';
import { FLOW_ENTRY_TYPES } from '../../engine/flow';
import { ORDER_SHAPES, type FieldKind } from '../../engine/notation';
import { HEX_EXTRA_ORDER_SHAPES } from '../../engine/order-schema';
import { CAMPAIGN_ORDER_SHAPES } from '../../engine/rules/block/campaign/order-shapes';
import { BLOCK_ORDER_SHAPES } from '../../engine/rules/block/order-shapes';
import { JSONScalar } from './json.scalar';

const pascal = (s: string) =>
  s
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The catalog notation of a hex order field kind (notation.ts). */
const KIND: Record<FieldKind, string> = {
  unit: 'string',
  hex: 'string',
  text: 'string',
  units: 'string[]',
  hexes: 'string[]',
  boolean: 'boolean',
  integer: 'integer',
};

type GqlType = typeof String | typeof Boolean | GraphQLScalarType | [unknown];

/** A catalog field's GraphQL type and nullability. */
function gqlField(spec: string): { type: () => GqlType; nullable: boolean } {
  const { schema, required } = fieldSchema(spec);
  const types = (spec.endsWith('?') ? spec.slice(0, -1) : spec).split('|');
  const nullable = !required || types.includes('null');
  const rest = types.filter((t) => t !== 'null');
  void schema;
  if (rest.length !== 1) return { type: () => JSONScalar, nullable };
  switch (rest[0]) {
    case 'string':
    case 'side':
      return { type: () => String, nullable };
    case 'integer':
      return { type: () => Int, nullable };
    case 'number':
      return { type: () => Float, nullable };
    case 'boolean':
      return { type: () => Boolean, nullable };
    case 'string[]':
    case 'side[]':
      return { type: () => [String], nullable };
    case 'integer[]':
      return { type: () => [Int], nullable };
    default:
      return { type: () => JSONScalar, nullable };
  }
}

interface Member {
  name: string;
  /** The `type` (or `kind`) value; undefined for a scenario-named event (any name). */
  tag: string | undefined;
  key: 'type' | 'kind';
  fields: Fields;
  cls: new () => object;
}

/** One GraphQL object type: the tag field, then each catalog field. */
function member(
  name: string,
  key: 'type' | 'kind',
  tag: string | undefined,
  fields: Fields,
  description: string,
  head: Fields = {},
): Member {
  const cls = class {};
  Object.defineProperty(cls, 'name', { value: name });
  Field(() => String, { description: tag ? `"${tag}"` : 'The name the scenario gives.' })(
    cls.prototype,
    key,
  );
  for (const [field, spec] of Object.entries({ ...head, ...fields })) {
    const g = gqlField(spec);
    Field(g.type, { nullable: g.nullable })(cls.prototype, field);
  }
  ObjectType(name, { description })(cls);
  return { name, tag, key, fields: { ...head, ...fields }, cls };
}

/** Whether `value` has exactly a member's shape: its tag, its required fields, no other. */
function fits(m: Member, value: Record<string, unknown>): boolean {
  if (m.tag !== undefined && value[m.key] !== m.tag) return false;
  const keys = Object.keys(value).filter((k) => k !== m.key);
  if (keys.some((k) => !(k in m.fields))) return false;
  return Object.entries(m.fields).every(([f, spec]) => spec.endsWith('?') || f in value);
}

/** The member of `members` a value is (its name), or undefined when none has its shape. */
function memberOf(members: Member[], value: Record<string, unknown>): Member | undefined {
  return members.find((x) => fits(x, value));
}

function unionOf(name: string, description: string, members: Member[]) {
  return createUnionType({
    name,
    description,
    types: () => members.map((m) => m.cls) as [new () => object],
    resolveType(value: Record<string, unknown>) {
      const m = memberOf(members, value);
      if (!m)
        throw new Error(
          `${name}: no member of the union has this shape (${String(value.type ?? value.kind)})`,
        );
      return m.cls;
    },
  });
}

const flow = new Set<string>(FLOW_ENTRY_TYPES);
const hexOrderFields = (type: string): Fields =>
  Object.fromEntries(
    ORDER_SHAPES[type].map((f) => [f.name, `${KIND[f.kind]}${f.optional ? '?' : ''}`]),
  );

const ORDER_MEMBERS: Member[] = [
  ...Object.keys(ORDER_SHAPES).map((t) =>
    member(
      `${flow.has(t) ? 'FlowEntryOf' : t === 'sealed' ? 'Order' : 'HexOrderOf'}${pascal(t)}`,
      'type',
      t,
      hexOrderFields(t),
      flow.has(t)
        ? `The game-flow entry "${t}" (written by the service, never given as an order).`
        : t === 'sealed'
          ? 'A sealed order of the other side, until the game is over.'
          : `The hex games' "${t}" order.`,
    ),
  ),
  ...Object.entries(HEX_EXTRA_ORDER_SHAPES).map(([t, f]) =>
    member(`HexOrderOf${pascal(t)}`, 'type', t, f, `The hex games' "${t}" order.`),
  ),
  ...Object.entries(BLOCK_ORDER_SHAPES).map(([t, f]) =>
    member(`BlockOrderOf${pascal(t)}`, 'type', t, f, `The block battles' "${t}" order.`),
  ),
  ...Object.entries(CAMPAIGN_ORDER_SHAPES).map(([t, f]) =>
    member(`CampaignOrderOf${pascal(t)}`, 'type', t, f, `The Bobby Lee campaign's "${t}" order.`),
  ),
];

const EVENT_MEMBERS: Member[] = [
  ...Object.entries(HEX_EVENTS).map(([t, f]) =>
    member(`HexEventOf${pascal(t)}`, 'type', t, f, `The hex games' "${t}" event.`),
  ),
  ...Object.entries(BLOCK_EVENTS).map(([t, f]) =>
    member(`BlockEventOf${pascal(t)}`, 'type', t, f, `The block battles' "${t}" event.`),
  ),
  ...Object.entries(CAMPAIGN_EVENTS).map(([t, f]) =>
    member(`CampaignEventOf${pascal(t)}`, 'type', t, f, `The Bobby Lee campaign's "${t}" event.`),
  ),
  ...Object.entries(campaignBattleEvents()).map(([t, f]) =>
    member(
      `CampaignBattleEventOf${pascal(t)}`,
      'type',
      t,
      f,
      `The block battles' "${t}" event in a Bobby Lee campaign's battle (its hex as battle).`,
    ),
  ),
  ...Object.entries(FLOW_EVENTS).map(([t, f]) =>
    member(`FlowEventOf${pascal(t)}`, 'type', t, f, `The "${t}" event of a flow entry.`),
  ),
  ...Object.entries(HEX_NAMED_EVENTS).map(([h, f]) =>
    member(
      `ScenarioEventOf${pascal(h)}`,
      'type',
      undefined,
      f,
      `An event a scenario names, emitted by its ${h} exclusive rule.`,
    ),
  ),
];

const DECISION_MEMBERS: Member[] = [
  ...Object.entries(HEX_DECISIONS).map(([k, f]) =>
    member(`HexDecisionOf${pascal(k)}`, 'kind', k, f, `The hex games' "${k}" decision.`, {
      side: 'side',
    }),
  ),
  ...Object.entries(BLOCK_DECISIONS).map(([k, f]) =>
    member(`BlockDecisionOf${pascal(k)}`, 'kind', k, f, `The block battles' "${k}" interrupt.`, {
      side: 'side',
    }),
  ),
];

export const OrderUnion = unionOf(
  'TypedOrder',
  "An order with its fields typed: one member per order type of each rules system (and the sealed and game-flow entries), as openapi.yaml's Order.",
  ORDER_MEMBERS,
);
export const GameEventUnion = unionOf(
  'TypedGameEvent',
  "An event with its fields typed: one member per event type of each rules system, of the flow entries, and the scenario-named events, as openapi.yaml's GameEvent.",
  EVENT_MEMBERS,
);
export const DecisionUnion = unionOf(
  'TypedDecision',
  "A pending decision with its fields typed, as openapi.yaml's Decision.",
  DECISION_MEMBERS,
);

/** The GraphQL member name an order, event or decision resolves to (undefined: none fits), for tests. */
export function typedMemberName(
  union: 'order' | 'event' | 'decision',
  value: object,
): string | undefined {
  const members =
    union === 'order' ? ORDER_MEMBERS : union === 'event' ? EVENT_MEMBERS : DECISION_MEMBERS;
  return memberOf(members, value as Record<string, unknown>)?.name;
}
