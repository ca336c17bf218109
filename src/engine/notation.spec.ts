import { playedScenarios } from '../../test/unit/scenarios/shipped';
import { seededDice } from './dice';
import { applyOrder, legalOrders, newGame, notYetSupported, prepareGame, whoMustAct } from './game';
import {
  formatEntry,
  formatGameText,
  formatOrder,
  NotationError,
  ORDER_SHAPES,
  parseEntry,
  parseGameText,
  parseOrder,
  type FieldKind,
} from './notation';
import { FLOW_ENTRY_FIELDS, FLOW_ENTRY_TYPES } from './flow';
import { ORDER_FIELDS } from './orders';
import type { GameEvent, Side } from './types';

/** A shipped scenario prepared as the playouts play it (with its test counters, where it takes counters). */
const shipped = playedScenarios();
const load = (id: string) => {
  const s = shipped.find((x) => x.id === id)!;
  return prepareGame(s.played, s.map);
};

/** JSON text with keys sorted: field order is no part of an order. */
const sorted = (o: object) => JSON.stringify(o, Object.keys(o).sort());

/** Values of each kind a client may send, awkward ones included (spaces, quotes, commas, empty lists). */
const SAMPLES: Record<FieldKind, unknown[]> = {
  unit: ['us-1-1-i', 'cs "Stonewall" brigade', 'a,b'],
  hex: ['0905', 'H0204', 'hex 12'],
  units: [['us-1', 'cs-2'], [], ['with space', 'x']],
  hexes: [['0905', '0906'], [], ['[odd]']],
  text: ['3:1', '17.3, 17.4', 'yes', '[x]', '{brace}'],
  boolean: [true, false],
  integer: [15, 0, -2],
};

describe('the notation (docs/notation.md)', () => {
  it('describes exactly the order types and fields the engine has (src/engine/orders.ts), plus what a sealed order shows and the flow entries (src/engine/flow.ts)', () => {
    expect(Object.keys(ORDER_SHAPES).sort()).toEqual(
      [...Object.keys(ORDER_FIELDS), 'sealed', ...FLOW_ENTRY_TYPES].sort(),
    );
    for (const [type, fields] of Object.entries({ ...ORDER_FIELDS, ...FLOW_ENTRY_FIELDS }))
      expect(ORDER_SHAPES[type].map((s) => s.name).sort()).toEqual([...fields].sort());
  });

  it('every order type round-trips with every kind of value, optional fields present and absent', () => {
    let checked = 0;
    for (const [type, shape] of Object.entries(ORDER_SHAPES)) {
      const variants = Math.max(...Object.values(SAMPLES).map((s) => s.length));
      for (let v = 0; v < variants; v++) {
        for (const withOptional of [true, false]) {
          const order: Record<string, unknown> = { type };
          for (const s of shape) {
            if (s.optional && !withOptional) continue;
            const samples = SAMPLES[s.kind];
            order[s.name] = samples[v % samples.length];
          }
          const text = formatOrder(order);
          expect(text.startsWith(type)).toBe(true);
          expect(text).not.toMatch(/\n/);
          expect(parseOrder(text)).toEqual(order);
          checked++;
        }
      }
    }
    expect(checked).toBe(Object.keys(ORDER_SHAPES).length * 10);
  });

  it('every order the engine lists in random games of every playable scenario round-trips unchanged', () => {
    // Hex-game scenarios: the block game's have their own orders (written whole as json).
    // Hex-game scenarios (shipped.ts leaves out the block game's, which have no map).
    const ids = shipped.map((x) => x.id);
    const seen = new Set<string>();
    const failures: string[] = [];
    let checked = 0;
    for (const id of ids) {
      const ctx = load(id);
      if (notYetSupported(ctx.scenario).length > 0) continue;
      let state = newGame(ctx, {}, seededDice(`notation-${id}`));
      let pick = 29;
      for (let i = 0; i < 30 && state.phase !== 'finished'; i++) {
        const acting = whoMustAct(ctx, state);
        if (!acting) break;
        const orders = legalOrders(ctx, state, acting.side);
        for (const o of orders) {
          // Compared as JSON text: thousands of orders, and toEqual's diffing is slow.
          let back: string;
          try {
            back = sorted(parseOrder(formatOrder(o)));
          } catch (e) {
            back = `${(e as Error).message} in ${id}`;
          }
          if (back !== sorted(o)) failures.push(`${JSON.stringify(o)} → ${back}`);
          seen.add(o.type);
          checked++;
        }
        pick = (pick * 48271) % 2147483647;
        const playable = orders.filter((o) => o.type !== 'resign');
        const next = applyOrder(
          ctx,
          state,
          acting.side,
          playable[pick % playable.length],
          seededDice(`notation-${id}`, state.diceDrawn),
        );
        if (next.ok) state = next.state;
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    expect(seen.size).toBeGreaterThan(15);
  });

  it('writes the examples of docs/notation.md', () => {
    expect(formatOrder({ type: 'move', unit: 'us-1-1-i', path: ['0905', '0906'] })).toBe(
      'move us-1-1-i 0905,0906',
    );
    expect(
      formatOrder({
        type: 'attack',
        attackers: ['us-2-1-i', 'us-2-2-i'],
        defenders: ['0711'],
        bombard: ['us-art-b'],
        reduceOddsTo: '3:1',
      }),
    ).toBe('attack us-2-1-i,us-2-2-i 0711 bombard=us-art-b odds=3:1');
    expect(formatOrder({ type: 'choose-losses', units: [] })).toBe('choose-losses []');
    expect(formatOrder({ type: 'activation-roll', rule: '17.3, 17.4' })).toBe(
      'activation-roll "17.3, 17.4"',
    );
    expect(formatOrder({ type: 'remove-breastworks', hex: '4807', remove: true })).toBe(
      'remove-breastworks 4807 yes',
    );
    expect(formatOrder({ type: 'sealed', side: 'confederate', rule: '17.62' })).toBe(
      'sealed confederate 17.62',
    );
  });

  it('an order of a type with no shape here (another rules system) is written whole as JSON and read back', () => {
    const order = { type: 'block-move', block: 'x y', to: ['a', 'b'], n: 2 };
    const text = formatOrder(order);
    expect(text.startsWith('json "')).toBe(true);
    expect(parseOrder(text)).toEqual(order);
  });

  it('refuses what is no order, saying why', () => {
    for (const [line, why] of [
      ['', /empty/],
      ['fly us-1 0905', /no order type/],
      ['move us-1', /path is missing/],
      ['move us-1 0905 speed=2', /not one of its fields/],
      ['attack a 0711 odds=3:1 odds=2:1', /given twice/],
      ['remove-breastworks 4807 maybe', /yes or no/],
      ['reallocate-reinforcement u x', /whole number/],
      ['move "us-1 0905', /not closed/],
      ['move us-1 [0905', /not closed/],
    ] as const) {
      expect(() => parseOrder(line)).toThrow(NotationError);
      expect(() => parseOrder(line)).toThrow(why);
    }
    expect(() => parseOrder('json {"type":"x"}')).toThrow(/one quoted JSON object/);
    expect(() => formatOrder({ type: 'move', unit: 'u', path: ['1'], speed: 2 })).toThrow(
      /no field "speed"/,
    );
    expect(() => formatOrder({ type: 'move', unit: 'u' })).toThrow(/needs its "path"/);
  });

  it('an entry line carries number, side and order; its {result} is for readers and skipped when read', () => {
    const events: GameEvent[] = [
      { type: 'moved', unit: 'us-1', from: '0904', to: '0906', path: ['0905', '0906'], mp: '2' },
    ];
    const line = formatEntry({
      seq: 3,
      side: 'union',
      order: { type: 'move', unit: 'us-1', path: ['0905', '0906'] },
      events,
    });
    expect(line).toBe('3. U move us-1 0905,0906 {us-1 0904-0906 (2 MP)}');
    expect(parseEntry(line)).toEqual({
      seq: 3,
      side: 'union',
      order: { type: 'move', unit: 'us-1', path: ['0905', '0906'] },
    });
  });

  it('a game text round-trips: headers, then entries numbered 1, 2, 3…', () => {
    const entries = [
      { seq: 1, side: 'union' as Side, order: { type: 'end-phase' }, events: [] },
      {
        seq: 2,
        side: 'confederate' as Side,
        order: { type: 'decline-advance', hex: '0605' },
        events: [],
      },
    ];
    const text = formatGameText({ Scenario: 'shiloh', Options: '{"a":"b \\"c\\""}' }, entries);
    const read = parseGameText(text);
    expect(read.headers).toEqual({ Scenario: 'shiloh', Options: '{"a":"b \\"c\\""}' });
    expect(read.entries.map((e) => e.order)).toEqual(entries.map((e) => e.order));
    expect(() => parseGameText('1. U end-phase\n3. C end-phase\n')).toThrow(
      /line 2: entry 2 expected/,
    );
  });
});
