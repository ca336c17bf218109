/**
 * Road to Richmond's exclusive rules as hooks, on small test maps with the
 * shipped scenario's declarations: 17.1, 17.2, 17.32, 17.4/17.5 (and 22.14),
 * 17.61 (refused), 18.2/20.1-20.3, 18.51, 18.52, 18.6, 21.11-21.16, 21.21-21.24,
 * 22.13, 22.21.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalOrders, notYetSupported } from '../../../../src/engine/game';
import type { GameState } from '../../../../src/engine/state';
import type { HexsideSpec, RouteSpec, RuleHook, ScenarioDocument } from '../../../../src/engine/types';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { terrainBenefits } from '../../../../src/engine/rules/blue-grey/terrain-combat';
import { combatStrengths, terrainOptions } from '../../../../src/engine/rules/blue-grey/combat';
import { victoryInputs } from '../../../../src/engine/rules/blue-grey/victory';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { destinations, Fixture, play, setUp, testMap, testScenario, tryOrder, unit } from '../helpers';

const dir = join(__dirname, '../../../../scenarios/road-to-richmond');
const richmond = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
const declared = (c: string): RuleHook => richmond.specialRules.find((r) => r.case === c)!;
const withParams = (c: string, params: Record<string, unknown>): RuleHook => ({ ...declared(c), params: { ...declared(c).params, ...params } });

const at = (f: Fixture, turn: number, phasing: 'union' | 'confederate'): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing,
  movement: freshMovementPhase(),
});
/** Hexes where a pending unit may come on now (listed `enter {unit, hex, path}` orders). */
const entries = (f: Fixture, side: 'union' | 'confederate', id: string) =>
  [
    ...new Set(
      legalOrders(f.ctx, f.state, side)
        .filter((o) => o.type === 'enter' && (o as { unit?: string }).unit === id)
        .map((o) => (o as unknown as { hex: string }).hex),
    ),
  ].sort();

describe('Road to Richmond: which declarations the engine plays', () => {
  it('Road to Richmond 17.61-17.64: the secret reallocation is refused with its reason (hidden information the service cannot keep); every other rule is implemented', () => {
    const refused = notYetSupported(richmond);
    expect(refused.map((r) => r.case)).toEqual(['17.61, 17.62, 17.63, 17.64']);
    expect(unsupportedReason(declared('17.61, 17.62, 17.63, 17.64'))).toMatch(/secret.*cannot keep/);
  });

  it('Road to Richmond 17.32, 22.21: a declaration with a parameter the hook does not know is still refused', () => {
    expect(unsupportedReason(withParams('17.32', { delayTurns: 1 }))).toMatch(/delayTurns/);
    expect(unsupportedReason(withParams('22.21', { toEdge: 'east' }))).toMatch(/toEdge/);
    expect(unsupportedReason(withParams('18.51', { attackerHalved: true }))).toMatch(/attackerHalved/);
  });
});

describe('Road to Richmond 17.2 double movement on Game-Turn One (named-unit-ability)', () => {
  const game = (union: string) =>
    setUp(
      testMap({ columns: 20, rows: 10 }),
      testScenario({
        units: [unit('c1', 'confederate'), unit('u1', 'union')],
        placements: [
          { unit: 'c1', hex: '0105' },
          { unit: 'u1', hex: union },
        ],
        firstPlayer: 'confederate',
        turns: 3,
        specialRules: [withParams('17.2', { units: ['c1'] })],
      }),
    );

  it('Road to Richmond 17.2: twice the Movement Allowance on Game-Turn One (12 clear hexes), the normal one (6) on Game-Turn Two', () => {
    const f = game('2001');
    f.state = at(f, 1, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('1305');
    expect(destinations(f, 'confederate', 'c1')).not.toContain('1405');
    f.state = at(f, 2, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('0705');
    expect(destinations(f, 'confederate', 'c1')).not.toContain('0805');
  });

  it('Road to Richmond 17.2: "as long as they do not enter Union Zones of Control": a move ending in one costs no more than the normal 6 MP', () => {
    const f = game('1005');
    f.state = at(f, 1, 'confederate');
    // 0905, in u1's Zone of Control, is 8 MP away: within twice the allowance, not within the normal one.
    expect(destinations(f, 'confederate', 'c1')).not.toContain('0905');
    const r = tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: ['0205', '0305', '0405', '0505', '0605', '0705', '0805', '0905'] });
    expect(r.ok ? null : r.refusal.code).toBe('EXCEEDS_ALLOWANCE');
    // 0605, in the Zone of Control of a unit at 0705, costs 4 + 2 MP (7.2): within the normal allowance, it may be entered.
    const g = game('0705');
    g.state = at(g, 1, 'confederate');
    expect(destinations(g, 'confederate', 'c1')).toContain('0605');
  });
});
