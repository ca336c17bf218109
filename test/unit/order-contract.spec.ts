/**
 * The REST contract types every order (issue 18): openapi.yaml's OrderOf…
 * schemas are the ones src/engine/order-schema.ts generates from the engine's
 * own table, and every order the engine lists in seeded random games of
 * several scenarios validates against `Order` through its own typed
 * schema — a new order type or field the contract does not describe fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { seededDice } from '../../src/engine/dice';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../../src/engine/game';
import { orderSchemaName, orderSchemas } from '../../src/engine/order-schema';
import type { MapDocument, ScenarioDocument } from '../../src/engine/types';

const doc = parse(readFileSync(join(__dirname, '../../openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, object> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...doc, $id: 'https://muster.invalid/openapi.json' });
const validate = (name: string) =>
  ajv.getSchema(`https://muster.invalid/openapi.json#/components/schemas/${name}`)!;

describe('the typed order contract (openapi.yaml Order)', () => {
  it('holds exactly the schemas generated from the engine’s order table', () => {
    const generated = orderSchemas();
    for (const [name, schema] of Object.entries(generated))
      expect({ name, schema: doc.components.schemas[name] }).toEqual({ name, schema });
    const listed = (doc.components.schemas.Order as { anyOf: Array<{ $ref: string }> }).anyOf.map(
      (r) => r.$ref.replace('#/components/schemas/', ''),
    );
    expect(listed.sort()).toEqual([...Object.keys(generated), 'OrderOfAnotherSystem'].sort());
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

  it('refuses an order shape the engine does not have', () => {
    const move = validate('OrderOfMove');
    expect(move({ type: 'move', unit: 'u', path: ['0905'] })).toBe(true);
    expect(move({ type: 'move', unit: 'u', path: '0905' })).toBe(false);
    expect(move({ type: 'move', unit: 'u', path: ['0905'], speed: 2 })).toBe(false);
    expect(move({ type: 'move', path: ['0905'] })).toBe(false);
    // Another rules system's orders pass the envelope (the block game types its own).
    expect(validate('Order')({ type: 'block-move', block: 'x' })).toBe(true);
  });
});
