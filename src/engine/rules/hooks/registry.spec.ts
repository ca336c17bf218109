import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newGame, prepareGame } from '../../game';
import { NotYetSupportedError } from '../../errors';
import { seededDice } from '../../dice';
import type { MapDocument, ScenarioDocument } from '../../types';
import { IMPLEMENTED_HOOKS, unsupportedHooks, unsupportedReason } from '.';

const dir = join(__dirname, '../../../../scenarios/shiloh');
const shiloh = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
const map = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')) as MapDocument;

describe('exclusive-rule hooks the engine does not implement', () => {
  it('every hook Shiloh declares is implemented, so its games are created', () => {
    expect(unsupportedHooks(shiloh)).toEqual([]);
    for (const rule of shiloh.specialRules) expect(IMPLEMENTED_HOOKS.has(rule.hook)).toBe(true);
    expect(newGame(prepareGame(shiloh, map), {}, seededDice('s')).turn).toBe(1);
  });

  it('a scenario declaring an unknown hook is refused as not yet supported, naming the hook and its case', () => {
    const withUnknown: ScenarioDocument = {
      ...shiloh,
      specialRules: [
        ...shiloh.specialRules,
        { hook: 'no-such-rule', case: '17.1', params: { units: ['x'] } },
      ],
    };
    expect(unsupportedHooks(withUnknown).map((r) => r.hook)).toEqual(['no-such-rule']);
    expect(() => newGame(prepareGame(withUnknown, map), {}, seededDice('s'))).toThrow(
      /^NOT_YET_SUPPORTED \(17\.1\): special rule "no-such-rule" \(17\.1\)/,
    );
  });

  it('a known hook declared with a parameter it does not implement is refused, naming the parameter', () => {
    const dieRolled: ScenarioDocument = {
      ...shiloh,
      specialRules: [
        ...shiloh.specialRules,
        {
          hook: 'movement-quota',
          case: '17.1',
          params: { side: 'union', limits: [{ units: 6 }], dieRolledTable: [1, 2] },
        },
      ],
    };
    expect(unsupportedReason(dieRolled.specialRules[dieRolled.specialRules.length - 1])).toBe(
      'special rule "movement-quota" with parameter "dieRolledTable"',
    );
    expect(() => newGame(prepareGame(dieRolled, map), {}, seededDice('s'))).toThrow(
      /^NOT_YET_SUPPORTED \(17\.1\): special rule "movement-quota" with parameter "dieRolledTable" \(17\.1\)/,
    );
  });

  it('the refusal is a NotYetSupportedError carrying the cases, so callers need not parse its message', () => {
    const withUnknown: ScenarioDocument = {
      ...shiloh,
      specialRules: [...shiloh.specialRules, { hook: 'no-such-rule', case: '17.1', params: {} }],
    };
    let thrown: unknown;
    try {
      newGame(prepareGame(withUnknown, map), {}, seededDice('s'));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(NotYetSupportedError);
    expect(thrown).toMatchObject({ code: 'NOT_YET_SUPPORTED', rule: '17.1' });
    expect(() =>
      newGame(
        prepareGame(shiloh, map),
        { rules: { system: 'chess', version: '1' } },
        seededDice('s'),
      ),
    ).toThrow(expect.objectContaining({ rule: 'rules' }));
  });
});
