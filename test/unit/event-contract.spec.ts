/**
 * The REST contract types every event and pending decision (issue 18):
 * openapi.yaml's generated section is what src/engine/event-schema.ts makes of
 * the engine's catalog (src/engine/event-catalog.ts), and every event and
 * decision the engine gives — as the public and each seat see them, during
 * the game and once it is over — in seeded random games of hex scenarios of
 * both editions and of both block battles validates against `GameEvent` /
 * `Decision` through its own typed schema. A new event type or field, or a
 * decision the contract does not describe, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { BLOCK_EVENTS, FLOW_EVENTS, HEX_EVENTS } from '../../src/engine/event-catalog';
import {
  blockDecisionSchemaName,
  blockEventSchemaName,
  decisionSchemaName,
  eventContractSchemas,
  eventSchemaName,
  flowEventSchemaName,
} from '../../src/engine/event-schema';
import { withGeneratedSchemas } from '../../scripts/openapi-generated';
import { FLOW_EVENT_FIELDS } from '../../src/engine/flow';
import { typedMemberName } from '../../src/games/graphql/typed-unions';
import { playObserved } from '../support/event-playouts';

const file = join(__dirname, '../../openapi.yaml');
const text = readFileSync(file, 'utf8');
const doc = parse(text) as { components: { schemas: Record<string, object> } };
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...doc, $id: 'https://muster.invalid/openapi.json' });
const validate = (name: string) =>
  ajv.getSchema(`https://muster.invalid/openapi.json#/components/schemas/${name}`);

/** What is wrong with `value` under schema `name`, or 'valid'. */
function check(name: string, value: unknown): string {
  const v = validate(name);
  if (!v) return `no schema ${name}`;
  return v(value) ? 'valid' : JSON.stringify(v.errors?.slice(0, 3));
}

// Scenarios whose exclusive rules emit their own events, both hex editions, both block battles.
const HEX = [
  'shiloh',
  'antietam',
  'chattanooga-1975',
  'road-to-richmond',
  'road-to-vicksburg',
  'wilderness',
  'cemetery-hill',
  'first-bull-run',
  'hooker-and-lee',
  'olustee',
];
const BLOCK = ['block-first-manassas', 'block-wilderness'];
const ASK = { block: { hitAllocation: 'ask', morale: true, battleStacking: true } };

describe('the typed event contract (openapi.yaml GameEvent, Decision)', () => {
  it('holds exactly the schemas generated from the engine’s event catalog', () => {
    expect(withGeneratedSchemas(text) === text).toBe(true);
    for (const [name, schema] of Object.entries(eventContractSchemas()))
      expect({ name, schema: doc.components.schemas[name] }).toEqual({ name, schema });
  });

  it('every event and decision of seeded games of every rules system validates through its own typed schema', () => {
    const types = new Set<string>();
    const kinds = new Set<string>();
    const seen = new Set<string>();
    const wrong: unknown[] = [];
    let events = 0;
    const games = [
      ...HEX.map((id) => playObserved(id, `events-${id}`, 400)),
      ...BLOCK.flatMap((id) => [
        playObserved(id, `events-${id}`, 3000),
        playObserved(id, `events-${id}-ask`, 3000, ASK),
      ]),
    ];
    /**
     * Validates `value` through its own schema and the union (once per distinct value),
     * and finds the GraphQL union member of the same name (TypedGameEvent, TypedDecision).
     */
    const validateOnce = (at: string, union: string, own: string, value: unknown) => {
      const key = `${union}:${JSON.stringify(value)}`;
      if (seen.has(key)) return;
      seen.add(key);
      const typed = check(own, value);
      const whole = check(union, value);
      const graphql = typedMemberName(
        union === 'Decision' ? 'decision' : 'event',
        value as Record<string, unknown>,
      );
      // The GraphQL member is named as the schema (HexEventOf… for EventOf…, ScenarioEventOf… for the named ones).
      // An event both systems give the same shape (resigned, game-ended) resolves to the hex member.
      const t = String((value as { type?: unknown }).type);
      const same =
        own.startsWith('BlockEventOf') &&
        JSON.stringify(HEX_EVENTS[t]) === JSON.stringify(BLOCK_EVENTS[t]);
      const expected =
        own === 'HexScenarioEvent'
          ? graphql?.startsWith('ScenarioEventOf') && graphql
          : same
            ? own.replace(/^BlockEventOf/, 'HexEventOf')
            : own.replace(/^(EventOf|DecisionOf)/, 'Hex$1');
      if (typed !== 'valid' || whole !== 'valid' || graphql !== expected)
        wrong.push({ at, value, typed, whole, graphql });
    };
    for (const observed of games)
      for (const o of observed) {
        const block = o.scenario.startsWith('block-');
        const at = `${o.scenario}#${o.seq} as ${o.reader ?? 'public'}`;
        for (const e of o.events) {
          const t = String(e.type);
          // Its own schema when the catalog has the type (else a scenario-named one), then the union.
          const own =
            t in FLOW_EVENTS
              ? flowEventSchemaName(t)
              : block
                ? blockEventSchemaName(t)
                : t in HEX_EVENTS
                  ? eventSchemaName(t)
                  : 'HexScenarioEvent';
          validateOnce(at, 'GameEvent', own, e);
          types.add(`${block ? 'block' : 'hex'}:${t}`);
          events++;
        }
        if (o.decision !== undefined) {
          const kind = String((o.decision as { kind: unknown }).kind);
          const own = block ? blockDecisionSchemaName(kind) : decisionSchemaName(kind);
          validateOnce(at, 'Decision', own, o.decision);
          kinds.add(`${block ? 'block' : 'hex'}:${kind}`);
        }
      }
    expect(wrong.slice(0, 5)).toEqual([]);
    // The games reach most of the catalog: fights, decisions, hooks' events, the ends.
    expect(events).toBeGreaterThan(10000);
    expect([...types].filter((t) => t.startsWith('hex:')).length).toBeGreaterThan(
      Object.keys(HEX_EVENTS).length / 2,
    );
    expect([...types].filter((t) => t.startsWith('block:')).length).toBeGreaterThan(
      Object.keys(BLOCK_EVENTS).length * 0.75,
    );
    expect(kinds.size).toBeGreaterThan(8);
    // Every flow entry's event, in both kinds of game.
    for (const t of Object.keys(FLOW_EVENTS)) expect([...types]).toContain(`hex:${t}`);
    for (const t of ['draw-agreed', 'aborted', 'time-out'])
      expect([...types]).toContain(`block:${t}`);
  }, 120_000);

  it('the flow entries’ events are those flow.ts lists (FLOW_EVENT_FIELDS), with the same fields', () => {
    const { 'game-ended': ended, ...own } = FLOW_EVENT_FIELDS;
    expect(
      Object.fromEntries(Object.entries(FLOW_EVENTS).map(([t, f]) => [t, Object.keys(f).sort()])),
    ).toEqual(Object.fromEntries(Object.entries(own).map(([t, f]) => [t, [...f].sort()])));
    // Every ending's game-ended is the one each rules system describes.
    for (const table of [HEX_EVENTS, BLOCK_EVENTS])
      expect(Object.keys(table['game-ended']).sort()).toEqual([...ended].sort());
  });

  it('refuses an event or decision shape the engine does not have', () => {
    const moved = {
      type: 'moved',
      unit: 'u1',
      from: '0905',
      path: ['0906'],
      to: '0906',
      mp: '1',
      rule: '6.1',
    };
    expect(check('GameEvent', moved)).toBe('valid');
    expect(check('GameEvent', { ...moved, speed: 2 })).not.toBe('valid');
    expect(check('GameEvent', { ...moved, path: '0906' })).not.toBe('valid');
    const { unit, ...noUnit } = moved;
    void unit;
    expect(check('GameEvent', noUnit)).not.toBe('valid');
    expect(check('GameEvent', { type: 'no-such-event' })).not.toBe('valid');
    // A scenario-named event: any name not the engine's own, with its hook's shape.
    const named = { type: 'bowens-counterattack', units: ['a', 'b'], turn: 3, rule: '19.53' };
    expect(check('GameEvent', named)).toBe('valid');
    expect(check('GameEvent', { ...named, type: 'moved' })).not.toBe('valid');
    // A block battle's placed names a cell; a hex game's a hex.
    expect(check('GameEvent', { type: 'placed', unit: 'b1', side: 'union', cell: 'UL' })).toBe(
      'valid',
    );
    expect(check('GameEvent', { type: 'placed', unit: 'u', hex: '0905', rule: '3.0' })).toBe(
      'valid',
    );
    expect(check('GameEvent', { type: 'placed', unit: 'u', side: 'union', hex: '0905' })).not.toBe(
      'valid',
    );
    expect(check('Decision', { side: 'union', kind: 'melee-choice' })).toBe('valid');
    expect(check('Decision', { side: 'union', kind: 'retreat', reason: 'x' })).not.toBe('valid');
    expect(check('Decision', { side: 'north', kind: 'melee-choice' })).not.toBe('valid');
  });
});
