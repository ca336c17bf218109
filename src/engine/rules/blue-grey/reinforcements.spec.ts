import type { HexSpec, ReinforcementSpec, RouteSpec, UnitSpec } from '../../types';
import {
  destinations,
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

function world(
  opts: {
    units?: UnitSpec[];
    enemies?: string[];
    turn?: number;
    routes?: RouteSpec[];
    hexes?: Record<string, HexSpec>;
    entry?: string[];
    night?: boolean;
  } = {},
) {
  const reinf = opts.units ?? [
    unit('r1', 'union'),
    unit('r2', 'union'),
    unit('r3', 'union'),
    unit('r4', 'union'),
  ];
  const units = [...reinf];
  const placements: Array<{ unit: string; hex: string }> = [];
  (opts.enemies ?? []).forEach((h, k) => {
    units.push(unit(`e${k}`, 'confederate'));
    placements.push({ unit: `e${k}`, hex: h });
  });
  const reinforcements: ReinforcementSpec[] = [
    {
      side: 'union',
      turn: opts.turn ?? 1,
      entry: opts.entry ?? ['0510'],
      units: reinf.map((u) => u.id),
      case: '17.1',
    },
  ];
  return setUp(
    testMap({ routes: opts.routes, hexes: opts.hexes }),
    testScenario({ units, placements, reinforcements, nightTurns: opts.night ? [1] : [] }),
  );
}
const enter = (f: ReturnType<typeof world>, u: string, path: string[], hex = path[0]) => {
  const r = tryOrder(f, 'union', { type: 'enter', unit: u, hex, path });
  return r.ok
    ? (r.events.find((e) => e.type === 'moved') as unknown as { mp: string }).mp
    : r.refusal.code;
};

describe('5.0 reinforcements', () => {
  it("5.0: a reinforcement enters at its entry hex paying that hex's cost, and moves on", () => {
    const f = world();
    expect(enter(f, 'r1', ['0510', '0509', '0508'])).toBe('3');
    expect(destinations(f, 'union', 'r1', 'enter')).toContain('0505');
  });
  it('5.0: the column of stacks: the second stack through a hex pays +1 MP, the third +2', () => {
    const f = world();
    f.state = play(f, 'union', { type: 'enter', unit: 'r1', hex: '0510', path: ['0510', '0509'] });
    f.state = play(f, 'union', { type: 'enter', unit: 'r2', hex: '0510', path: ['0510', '0509'] });
    expect(enter(f, 'r3', ['0510', '0410'])).toBe('3');
  });
  it('5.0: along a turnpike each earlier stack adds 2/3 MP', () => {
    const road = ['0510', '0509', '0508'];
    const f = world({ routes: [{ type: 'turnpike', hexes: road }] });
    f.state = play(f, 'union', { type: 'enter', unit: 'r1', hex: '0510', path: road });
    f.state = play(f, 'union', { type: 'enter', unit: 'r2', hex: '0510', path: road });
    // 2/3 for the turnpike entry hex + 2/3 for one earlier stack + 2/3 for the next turnpike hex
    expect(enter(f, 'r3', road.slice(0, 2))).toBe('2');
  });
  it('5.1, 5.3: reinforcements may be held back and enter on a later Game-Turn, never before theirs', () => {
    const f = world({ turn: 2 });
    expect(enter(f, 'r1', ['0510'])).toBe('REINFORCEMENT_NOT_YET');
    expect(destinations(f, 'union', 'r1', 'enter')).toEqual([]);
    f.state = { ...f.state, turn: 3 };
    expect(enter(f, 'r1', ['0510'])).toBe('1');
  });
  it('5.2: once entered, a unit has used its move for the phase and moves freely afterwards', () => {
    const f = world();
    f.state = play(f, 'union', { type: 'enter', unit: 'r1', hex: '0510', path: ['0510'] });
    expect(tryOrder(f, 'union', { type: 'move', unit: 'r1', path: ['0509'] })).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_MOVED' },
    });
  });
  it('5.4: a reinforcement may not enter an Enemy-occupied hex but may enter an Enemy controlled one (and stops)', () => {
    expect(enter(world({ enemies: ['0510'], night: true }), 'r1', ['0510'])).toBe(
      'ENTRY_HEX_OCCUPIED',
    );
    const f = world({ enemies: ['0508'] });
    expect(enter(f, 'r1', ['0510', '0509'])).toBe('3');
    expect(enter(f, 'r1', ['0510', '0509', '0409'])).toBe('MOVES_AFTER_ENTERING_ENEMY_ZOC');
  });
  it('5.5: a reinforcement that could not enter on its turn may later enter at an edge hex within three hexes', () => {
    const f = world({ enemies: ['0510'], units: [unit('r1', 'union')] });
    expect(enter(f, 'r1', ['0810'])).toBe('ENTRY_HEX_NOT_ALLOWED');
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(f.state.blockedReinforcements).toEqual(['r1']);
    f.state = {
      ...f.state,
      turn: 2,
      phase: 'movement',
      phasing: 'union',
      movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
    };
    expect(enter(f, 'r1', ['0810'])).toBe('1');
    expect(enter(f, 'r1', ['0910'])).toBe('ENTRY_HEX_NOT_ALLOWED');
  });
});
