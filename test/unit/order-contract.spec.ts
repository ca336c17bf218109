/**
 * The REST contract types every order (issue 18): openapi.yaml's OrderOf…
 * schemas are the ones src/engine/order-schema.ts generates from the engine's
 * own table, and every order the engine lists in seeded random games of
 * several scenarios validates against `Order` through its own typed
 * schema — a new order type or field the contract does not describe fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { seededDice } from '../../src/engine/dice';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../../src/engine/game';
import {
  BLOCK_EVENTS,
  CAMPAIGN_EVENTS,
  FLOW_EVENTS,
  HEX_EVENTS,
} from '../../src/engine/event-catalog';
import { ORDER_SHAPES } from '../../src/engine/notation';
import { CAMPAIGN_ORDER_SHAPES } from '../../src/engine/rules/block/campaign/order-shapes';
import { BLOCK_ORDER_SHAPES } from '../../src/engine/rules/block/order-shapes';
import {
  blockOrderSchemaName,
  HEX_EXTRA_ORDER_SHAPES,
  orderContractSchemas,
  orderSchemaName,
  orderSchemas,
} from '../../src/engine/order-schema';
import { withGeneratedSchemas } from '../../scripts/openapi-generated';
import { typedMemberName } from '../../src/games/graphql/typed-unions';
import { playObserved } from '../support/event-playouts';
import type { MapDocument, ScenarioDocument } from '../../src/engine/types';

const text = readFileSync(join(__dirname, '../../openapi.yaml'), 'utf8');
const doc = parse(text) as {
  components: { schemas: Record<string, object> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...doc, $id: 'https://muster.invalid/openapi.json' });
const validate = (name: string) =>
  ajv.getSchema(`https://muster.invalid/openapi.json#/components/schemas/${name}`)!;

describe('the typed order contract (openapi.yaml Order)', () => {
  it('holds exactly the schemas generated from the engines’ order tables', () => {
    expect(withGeneratedSchemas(text) === text).toBe(true);
    const generated = orderContractSchemas();
    for (const [name, schema] of Object.entries(generated))
      expect({ name, schema: doc.components.schemas[name] }).toEqual({ name, schema });
    expect(Object.keys(orderSchemas()).every((n) => n in generated)).toBe(true);
  });

  it('every order the engine lists in random games validates through its own typed schema', () => {
    let checked = 0;
    for (const id of ['shiloh', 'antietam', 'chattanooga-1975', 'road-to-richmond', 'wilderness']) {
      const dir = join(__dirname, '../../scenarios', id);
      const scenario = JSON.parse(
        readFileSync(join(dir, 'scenario.json'), 'utf8'),
      ) as ScenarioDocument;
      const map = JSON.parse(readFileSync(join(dir, scenario.map), 'utf8')) as MapDocument;
      const ctx = prepareGame(scenario, map);
      let state = newGame(ctx, {}, seededDice(`contract-${id}`));
      let pick = 13;
      for (let i = 0; i < 40 && state.phase !== 'finished'; i++) {
        const acting = whoMustAct(ctx, state);
        if (!acting) break;
        const orders = legalOrders(ctx, state, acting.side);
        const seen = new Set<string>();
        for (const o of orders) {
          if (seen.has(o.type)) continue; // one of each type per position keeps it quick
          seen.add(o.type);
          const own = validate(orderSchemaName(o.type));
          expect({ order: o, typed: own ? own(o) : 'no schema for this type' }).toEqual({
            order: o,
            typed: true,
          });
          expect(validate('Order')(o)).toBe(true);
          // GraphQL's TypedOrder resolves it to the member of the same name.
          expect(typedMemberName('order', o)).toBe(`Hex${orderSchemaName(o.type)}`);
          checked++;
        }
        pick = (pick * 48271) % 2147483647;
        const next = applyOrder(
          ctx,
          state,
          acting.side,
          orders[pick % orders.length],
          seededDice(`contract-${id}`, state.diceDrawn),
        );
        if (next.ok) state = next.state;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('every order seeded block battles list validates through its own typed schema', () => {
    const types = new Set<string>();
    for (const id of ['block-first-manassas', 'block-wilderness'])
      for (const options of [{}, { block: { hitAllocation: 'ask', morale: true } }])
        for (const o of playObserved(id, `contract-${id}`, 3000, options))
          for (const order of o.listed ?? []) {
            const key = JSON.stringify(order);
            if (types.has(key)) continue;
            types.add(key);
            const own = validate(blockOrderSchemaName(order.type));
            expect({ order, typed: own ? own(order) : 'no schema for this type' }).toEqual({
              order,
              typed: true,
            });
            expect(validate('Order')(order)).toBe(true);
            // The member of its name in GraphQL's TypedOrder (end-phase, alike in both systems, is the hex one).
            expect(typedMemberName('order', order)).toBe(
              order.type === 'end-phase' ? 'HexOrderOfEndPhase' : blockOrderSchemaName(order.type),
            );
          }
    const kinds = new Set([...types].map((t) => (JSON.parse(t) as { type: string }).type));
    expect(kinds.size).toBeGreaterThan(10);
  });

  it('every order and event type the engine’s sources name is typed in the contract', () => {
    // Every `type: '…'` value of src/engine (specs and fixtures left out; types.ts names
    // terrain and fieldwork kinds, the schema generators JSON types; a union of literals is
    // a TypeScript type) is an order or event type.
    const root = join(__dirname, '../../src/engine');
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) return sources(p);
        return /\.ts$/.test(n) && !/\.(spec|fixtures)\.ts$/.test(n) ? [p] : [];
      });
    const skipped = ['types.ts', 'order-schema.ts', 'event-schema.ts'].map((f) => join(root, f));
    const typed = new Set([
      ...Object.keys(ORDER_SHAPES),
      ...Object.keys(HEX_EXTRA_ORDER_SHAPES),
      ...Object.keys(BLOCK_ORDER_SHAPES),
      ...Object.keys(CAMPAIGN_ORDER_SHAPES),
      ...Object.keys(CAMPAIGN_EVENTS),
      ...Object.keys(HEX_EVENTS),
      ...Object.keys(BLOCK_EVENTS),
      ...Object.keys(FLOW_EVENTS),
    ]);
    const untyped: string[] = [];
    let named = 0;
    for (const file of sources(root)) {
      if (skipped.includes(file)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/\btype: '([a-z0-9-]+)'(?!\s*\|)/g)) {
        named++;
        if (!typed.has(m[1])) untyped.push(`${m[1]} (${file.slice(root.length + 1)})`);
      }
    }
    expect(named).toBeGreaterThan(200);
    expect(untyped).toEqual([]);
  });

  it('refuses an order shape the engine does not have', () => {
    const move = validate('OrderOfMove');
    expect(move({ type: 'move', unit: 'u', path: ['0905'] })).toBe(true);
    expect(move({ type: 'move', unit: 'u', path: '0905' })).toBe(false);
    expect(move({ type: 'move', unit: 'u', path: ['0905'], speed: 2 })).toBe(false);
    expect(move({ type: 'move', path: ['0905'] })).toBe(false);
    // The block battles type their own: a block move names a cell, a hex one a path.
    expect(validate('Order')({ type: 'move', unit: 'b1', to: 'UL' })).toBe(true);
    expect(validate('BlockOrderOfMove')({ type: 'move', unit: 'b1', path: ['0905'] })).toBe(false);
    expect(validate('Order')({ type: 'block-move', block: 'x' })).toBe(false);
    expect(validate('Order')({ type: 'sealed', side: 'union', rule: '17.62' })).toBe(true);
  });
});
