/**
 * A custom scenario may begin later than Game-Turn 1's first Movement Phase
 * (issue 19): `start` gives the Game-Turn, whose Player-Turn, the phase and
 * units' morale. The schema and the semantic checks say what is wrong with a
 * start, and newGame begins where it says.
 */
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../engine/game';
import { fixedDice, seededDice } from '../engine/dice';
import type { ScenarioDocument, ScenarioStart } from '../engine/types';
import { NotYetSupportedError } from '../engine/errors';
import { testMapDoc, testScenario } from '../engine/rules/blue-grey/combat.fixtures';
import { ScenarioValidator } from './scenario-files';

const UNITS = [
  { id: 'us-a', side: 'union' as const, hex: '0404' },
  { id: 'us-b', side: 'union' as const, hex: '0403' },
  { id: 'cs-a', side: 'confederate' as const, hex: '0405' },
  { id: 'cs-far', side: 'confederate' as const, hex: '0801' },
];

function scenarioWith(start: ScenarioStart | undefined, extra: Partial<ScenarioDocument> = {}) {
  const s = testScenario(UNITS, {
    nightTurns: [4],
    reinforcements: [{ side: 'union', turn: 1, entry: ['0101'], units: ['us-late'] }],
    ...extra,
  });
  s.units.push({
    id: 'us-late',
    side: 'union',
    designation: 'us-late',
    type: 'infantry',
    strength: 3,
  });
  return start ? { ...s, start } : s;
}

const validator = new ScenarioValidator();
const problems = (s: ScenarioDocument) => validator.check(s, testMapDoc());

describe('a later start (scenario.start)', () => {
  it("4.0, 11.0, 12.1: a game begins on the given Game-Turn, in the second player's Player-Turn, with the given morale", () => {
    const s = scenarioWith({
      turn: 4,
      player: 'second',
      units: [
        { unit: 'cs-a', morale: 'shaken' },
        { unit: 'us-a', morale: 'disordered' },
      ],
    });
    expect(problems(s)).toEqual([]);
    const ctx = prepareGame(s, testMapDoc());
    const state = newGame(ctx, {}, seededDice('start', 0));
    expect(state).toMatchObject({
      turn: 4,
      night: true,
      phase: 'movement',
      phasing: 'confederate',
    });
    expect(state.units['cs-a'].morale).toBe('shaken');
    expect(state.units['us-a'].morale).toBe('disordered');
    expect(state.units['us-b'].morale).toBe('good');
    expect(whoMustAct(ctx, state)?.side).toBe('confederate');
  });

  it('5.0: a reinforcement scheduled before the start turn and not placed arrives from the start turn on', () => {
    const s = scenarioWith({ turn: 3 });
    const ctx = prepareGame(s, testMapDoc());
    const state = newGame(ctx, {}, seededDice('start', 0));
    expect(state.units['us-late'].status).toBe('pending');
    const enter = legalOrders(ctx, state, 'union').find((o) => o.type === 'enter');
    expect(enter).toMatchObject({ unit: 'us-late', hex: '0101' });
    const r = applyOrder(ctx, state, 'union', enter!, seededDice('start', 0));
    expect(r.ok).toBe(true);
  });

  it('8.11: a start in the Combat Phase begins it as after end-phase: units in an Enemy ZOC must attack', () => {
    const s = scenarioWith({ turn: 2, phase: 'combat' });
    expect(problems(s)).toEqual([]);
    const ctx = prepareGame(s, testMapDoc());
    const state = newGame(ctx, {}, fixedDice([]));
    expect(state).toMatchObject({ turn: 2, phase: 'combat', phasing: 'union', movement: null });
    expect((state.combat as { obliged: string[] }).obliged).toEqual(['us-a']);
    const orders = legalOrders(ctx, state, 'union');
    expect(orders.some((o) => o.type === 'attack')).toBe(true);
    // The obligation holds: the phase cannot end before the attack (8.11).
    const end = applyOrder(ctx, state, 'union', { type: 'end-phase' }, fixedDice([]));
    expect(end).toMatchObject({ ok: false, refusal: { code: 'ATTACKS_REQUIRED' } });
  });

  it('without start a game begins as before: Game-Turn 1, the first player, Movement Phase', () => {
    const ctx = prepareGame(scenarioWith(undefined), testMapDoc());
    const state = newGame(ctx, {}, seededDice('start', 0));
    expect(state).toMatchObject({ turn: 1, phase: 'movement', phasing: 'union', night: false });
  });

  it('3.0, 12.1: a start that cannot be played is reported at its path', () => {
    const bad = scenarioWith({
      turn: 9,
      phase: 'combat',
      units: [
        { unit: 'nobody', morale: 'routed' },
        { unit: 'us-late', morale: 'shaken' },
        { unit: 'cs-a', morale: 'shaken' },
        { unit: 'cs-a', morale: 'routed' },
      ],
    });
    const free = {
      ...bad,
      setup: {
        kind: 'free' as const,
        areas: [
          { side: 'union' as const, hexes: ['0101', '0102', '0103', '0104'] },
          { side: 'confederate' as const, hexes: ['0801', '0802', '0803', '0804'] },
        ],
      },
    };
    const found = problems(free).map((p) => `${p.path}: ${p.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'start.turn: play cannot begin on Game-Turn 9: the game ends after Game-Turn 5',
        expect.stringMatching(/^start\.phase: a free set-up is a phase of its own \(3\.0\)/),
        'start.units[0].unit: there is no unit "nobody" in this scenario',
        expect.stringMatching(/^start\.units\[1\]\.unit: us-late is not placed in the set-up/),
        'start.units[3].unit: cs-a is given a morale state twice',
      ]),
    );
  });

  it('12.1: the schema refuses an unknown morale state, phase or field of start', () => {
    const s = scenarioWith({ phase: 'setup', colour: 'blue' } as unknown as ScenarioStart);
    const paths = problems(s).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['start.phase', 'start.colour']));
    const m = scenarioWith({
      units: [{ unit: 'us-a', morale: 'panicked' }],
    } as unknown as ScenarioStart);
    expect(problems(m).map((p) => p.path)).toContain('start.units[0].morale');
  });

  it('O4.1: under the 1975 rules a later start is not yet supported', () => {
    const s = scenarioWith({ turn: 2 });
    const ctx = prepareGame(s, testMapDoc());
    expect(() =>
      newGame(ctx, { rules: { system: 'classic', version: '1975' } }, seededDice('x', 0)),
    ).toThrow(NotYetSupportedError);
  });
});
