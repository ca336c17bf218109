import type { ScenarioDocument } from '../../types';
import { combatDieModifiers } from './combat-hooks';

const scenario = {
  specialRules: [
    {
      hook: 'combat-die-modifier',
      case: '19.2',
      params: { side: 'confederate', turns: [1, 2], modifier: -1 },
    },
  ],
} as unknown as ScenarioDocument;

describe('Shiloh 19.2 combat die modifier', () => {
  it('19.2: −1 to the combat die for every Confederate attack on Game-Turns 1 and 2', () => {
    expect(combatDieModifiers(scenario, 'confederate', 1)).toEqual([
      { modifier: -1, case: '19.2' },
    ]);
    expect(combatDieModifiers(scenario, 'confederate', 2)).toHaveLength(1);
  });
  it('19.2: no modifier for Union attacks or from Game-Turn 3', () => {
    expect(combatDieModifiers(scenario, 'union', 1)).toEqual([]);
    expect(combatDieModifiers(scenario, 'confederate', 3)).toEqual([]);
  });
});
