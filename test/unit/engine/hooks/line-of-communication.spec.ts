/**
 * line-of-communication (Antietam 19.1; Cemetery Hill 20.2, 20.4): tracing at
 * the end of the game and what victory reads from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { MapDocument, RuleHook, ScenarioDocument } from '../../../../src/engine/types';
import { lineOfCommunication } from '../../../../src/engine/rules/hooks/line-of-communication';
import { victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import { setUp, testMap, testScenario, unit } from '../helpers';

const ANTIETAM_LOC: RuleHook = {
  hook: 'line-of-communication',
  case: '19.1',
  params: {
    side: 'confederate',
    when: 'end-of-game',
    targetHexes: ['0101'],
    blockedBy: ['enemy-units', 'enemy-zoc'],
    friendlyUnitsNegateZoc: false,
    maxLength: null,
    effect: 'counts-as-eliminated',
  },
};

/** Two columns, ten rows: the only ways north from 0108 pass the Union unit at 0204 and its Zone of Control. */
function corridor(rule: RuleHook, friendlies: string[] = []) {
  const scenario = testScenario({
    units: [
      unit('e', 'union'),
      unit('c1', 'confederate', 'infantry', { strength: 5 }),
      unit('c2', 'confederate', 'infantry', { strength: 3 }),
      ...friendlies.map((_, i) => unit(`f${i}`, 'confederate', 'infantry', { strength: 1 })),
    ],
    placements: [
      { unit: 'e', hex: '0204' },
      { unit: 'c1', hex: '0108' },
      { unit: 'c2', hex: '0102' },
      ...friendlies.map((hex, i) => ({ unit: `f${i}`, hex })),
    ],
    specialRules: [rule],
  });
  scenario.victory = {
    ...scenario.victory,
    points: [{ kind: 'without-line-of-communication', side: 'union', points: 1, case: rule.case }],
  };
  return setUp(testMap({ columns: 2 }), scenario);
}

describe('Line of Communication (line-of-communication)', () => {
  it('Antietam 19.1: a Confederate unit that cannot trace contiguous hexes free of Union units and Zones of Control to its target counts as eliminated for Victory Points', () => {
    const f = corridor(ANTIETAM_LOC);
    const loc = lineOfCommunication(ANTIETAM_LOC);
    // e at 0204 controls 0203, 0205 and its column-1 neighbours: the corridor is shut.
    expect(loc.unitsWithout(f.ctx, f.state, 'confederate')).toEqual(['c1']);
    expect(victoryPoints(f.ctx, f.state, 'union')).toBe(5);
    expect(victoryPoints(f.ctx, f.state, 'confederate')).toBe(0);
    // The Union unit gone, the line is open.
    const open = {
      ...f.state,
      units: {
        ...f.state.units,
        e: { ...f.state.units.e, status: 'eliminated' as const, hex: null },
      },
    };
    expect(loc.unitsWithout(f.ctx, open, 'confederate')).toEqual([]);
  });

  it('Antietam 19.1: friendly units do not negate Enemy Zones of Control for this purpose', () => {
    const f = corridor(ANTIETAM_LOC, ['0103', '0104', '0105']);
    expect(lineOfCommunication(ANTIETAM_LOC).unitsWithout(f.ctx, f.state, 'confederate')).toContain(
      'c1',
    );
  });

  it('Cemetery Hill 20.4: a Line of Communication may be traced through any hex occupied by Friendly units, regardless of Enemy Zones of Control', () => {
    const rule: RuleHook = {
      ...ANTIETAM_LOC,
      case: '20.4',
      params: { ...ANTIETAM_LOC.params, friendlyUnitsNegateZoc: true },
    };
    const cut = corridor(rule);
    expect(lineOfCommunication(rule).unitsWithout(cut.ctx, cut.state, 'confederate')).toEqual([
      'c1',
    ]);
    const f = corridor(rule, ['0103', '0104', '0105']);
    const column1InZoc = f.ctx.map.grid.neighbours('0204').filter((h) => h.startsWith('01'));
    expect(column1InZoc.every((h) => ['0103', '0104', '0105'].includes(h))).toBe(true);
    expect(lineOfCommunication(rule).unitsWithout(f.ctx, f.state, 'confederate')).toEqual([]);
  });

  it('Antietam 19.1: a maximum length, when a battle gives one, counts the hexes of the path', () => {
    const rule: RuleHook = { ...ANTIETAM_LOC, params: { ...ANTIETAM_LOC.params, maxLength: 2 } };
    const f = corridor(rule);
    const open = {
      ...f.state,
      units: {
        ...f.state.units,
        e: { ...f.state.units.e, status: 'eliminated' as const, hex: null },
      },
    };
    // c2 at 0102 is next to 0101; c1 at 0108 would need seven hexes.
    expect(lineOfCommunication(rule).unitsWithout(f.ctx, open, 'confederate')).toEqual(['c1']);
  });

  it('Cemetery Hill 20.2, 20.4: each side traces to a road leading off its Friendly map edge (Union east, Confederate west); every unit has a line at the start', () => {
    const dir = join(__dirname, '../../../../scenarios/cemetery-hill');
    const scenario = JSON.parse(
      readFileSync(join(dir, 'scenario.json'), 'utf8'),
    ) as ScenarioDocument;
    const map = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')) as MapDocument;
    const ctx = prepareGame(scenario, map);
    const state = newGame(ctx, {}, fixedDice([]));
    const rule = scenario.specialRules.find((r) => r.hook === 'line-of-communication')!;
    const loc = lineOfCommunication(rule);
    expect(loc.trace(ctx, state, 'union').targets.sort()).toEqual(['2101', '2107', '2112', '2120']);
    expect(loc.trace(ctx, state, 'confederate').targets.sort()).toEqual(['0104', '0116', '0127']);
    expect(loc.unitsWithout(ctx, state, 'union')).toEqual([]);
    expect(loc.unitsWithout(ctx, state, 'confederate')).toEqual([]);
    expect(victoryPoints(ctx, state, 'union')).toBe(0);
    expect(victoryPoints(ctx, state, 'confederate')).toBe(0);
  });
});
