import { fixedDice } from '../../dice';
import { applyOrder, legalOrders, whoMustAct } from '../../game';
import { RULES_VERSION } from '../../state';
import { play, setUp, testMap, testScenario, unit } from '../../../../test/unit/engine/helpers';
import { ENGINE_REVISION } from '../../revision';

function game(turns = 2, nightTurns: number[] = []) {
  return setUp(
    testMap(),
    testScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      placements: [
        { unit: 'u1', hex: '0101' },
        { unit: 'c1', hex: '1010' },
      ],
      firstPlayer: 'confederate',
      turns,
      nightTurns,
    }),
  );
}

describe('4.0 sequence of play', () => {
  it("4.0: the game starts on Game-Turn One in the first player's Movement Phase, pinned to its rules version", () => {
    const f = game();
    expect(f.state.turn).toBe(1);
    expect(f.state.phase).toBe('movement');
    expect(f.state.phasing).toBe('confederate');
    expect(f.state.rules).toEqual({
      system: 'blue-grey',
      version: RULES_VERSION,
      revision: ENGINE_REVISION,
    });
    expect(whoMustAct(f.ctx, f.state)).toEqual({ side: 'confederate', kind: 'phase' });
  });

  it('4.0: Movement Phase, Combat Phase, second Player-Turn, then the interphase advances the Game-Turn', () => {
    const f = game(3, [2]);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(`${f.state.turn}:${f.state.phasing}:${f.state.phase}:${f.state.night}`);
      f.state = play(f, f.state.phasing, { type: 'end-phase' });
    }
    seen.push(`${f.state.turn}:${f.state.phasing}:${f.state.phase}:${f.state.night}`);
    expect(seen).toEqual([
      '1:confederate:movement:false',
      '1:confederate:combat:false',
      '1:union:movement:false',
      '1:union:combat:false',
      '2:confederate:movement:true',
    ]);
  });

  it('4.0: the game ends after the last Game-Turn and no one may act', () => {
    const f = game(1);
    for (let i = 0; i < 4; i++) f.state = play(f, f.state.phasing, { type: 'end-phase' });
    expect(f.state.phase).toBe('finished');
    expect(f.state.result).not.toBeNull();
    expect(whoMustAct(f.ctx, f.state)).toBeNull();
    expect(legalOrders(f.ctx, f.state, 'union')).toEqual([]);
  });

  it("6.11: the non-phasing player may not act in the other player's phase", () => {
    const f = game();
    const r = applyOrder(f.ctx, f.state, 'union', { type: 'end-phase' }, fixedDice([]));
    expect(r).toMatchObject({ ok: false, refusal: { code: 'NOT_YOUR_TURN', rule: '6.11' } });
  });

  it('4.0: malformed orders are refused with BAD_ORDER, never thrown, and the state is not mutated', () => {
    const f = game();
    const before = JSON.stringify(f.state);
    for (const bad of [
      null,
      3,
      'x',
      [],
      {},
      { type: 5 },
      { type: 'move' },
      { type: 'move', unit: 7, path: 'x' },
    ]) {
      const r = applyOrder(f.ctx, f.state, 'confederate', bad, fixedDice([]));
      expect(r.ok).toBe(false);
    }
    expect(JSON.stringify(f.state)).toBe(before);
  });
});
