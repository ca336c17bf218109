/**
 * The rules text's own worked examples (seed 002): the Pursuit Fire Example
 * (7.14, L972–990), the Enfilade Diagram (7.34, L1057), the Melee and
 * Disengage diagrams (7.35, 7.42, L1105–1117), the Outflank example and
 * diagram (7.43, L1117, L1163) and the Double Defense Example (7.36, 7.6,
 * L1167).
 */
import { fixedDice } from '../../dice';
import { applyBattleOrder, battleLegalOrders } from './battle';
import { fixtureBattle, unit } from './battle.fixtures';
import { fireOptions } from './battle-fire';
import { hasDoubleDefense } from './battle-board';
import { moveOptions, outflankTargets } from './battle-moves';
import { forceMarchSucceeds, outflankModifier } from './battle-units';
import type { Run } from './battle-run';
import type { BlockBattleState, BlockOrder, Side } from './types';

function run(s: BlockBattleState): Run {
  return { s, dice: fixedDice([]), events: [] };
}

function apply(s: BlockBattleState, seat: Side, order: BlockOrder, rolls: number[] = []) {
  const r = applyBattleOrder(s, seat, order, fixedDice(rolls));
  if (!r.ok) throw new Error(r.refusal.message);
  return r;
}

describe('B7.14 Pursuit Fire Example (L972–990)', () => {
  // USA (Defender) Left: cavalry 2 and infantry 1, engaged by CSA cavalry 4 and infantry 3 (before 1863)
  const base = (extra: Partial<Parameters<typeof fixtureBattle>[0]> = {}) =>
    fixtureBattle({
      attacker: 'confederate',
      turnSide: 'union',
      phase: { name: 'retreat' },
      units: [
        { id: 'u-cav', side: 'union', type: 'cavalry', cv: 2, cell: 'union:L', revealed: true },
        { id: 'u-inf', side: 'union', type: 'infantry', cv: 1, cell: 'union:L', revealed: true },
        { id: 'u-hold', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        {
          id: 'c-cav',
          side: 'confederate',
          type: 'cavalry',
          cv: 4,
          cell: 'union:L',
          revealed: true,
        },
        {
          id: 'c-inf',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'union:L',
          revealed: true,
        },
        { id: 'c-hold', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
      attackerHexsides: ['N'],
      ...extra,
    });

  it('B7.14: the cavalry pursues 4×F2 (faster than the infantry), the infantry 3×F1; the first hit falls on the stronger cavalry', () => {
    let s = base();
    s = apply(s, 'union', { type: 'retreat', unit: 'u-cav', hexside: 'S' }).state;
    s = apply(s, 'union', { type: 'retreat', unit: 'u-inf', hexside: 'S' }).state;
    // CSA cavalry 4 dice at F2: 1, 2 hit; CSA infantry 3 dice at F1: none
    const r = apply(s, 'union', { type: 'end-phase' }, [1, 2, 5, 6, 2, 2, 6]);
    const fires = r.events.filter((e) => e.type === 'pursuit-fire');
    expect(fires.map((e) => [e.unit, e.firepower, (e.dice as number[]).length, e.hits])).toEqual([
      ['c-cav', 2, 4, 2],
      ['c-inf', 1, 3, 0],
    ]);
    const lost = r.events.filter((e) => e.type === 'step-lost' || e.type === 'eliminated');
    expect(lost[0]).toMatchObject({ type: 'step-lost', unit: 'u-cav', cv: 1 });
    expect(lost).toHaveLength(2);
  });

  it('B7.32: with both blocks at 1cv the second hit is the owner\'s choice ("off either unit"), asked as an interrupt', () => {
    let s = base({ hitAllocation: 'ask' });
    s = apply(s, 'union', { type: 'retreat', unit: 'u-cav', hexside: 'S' }).state;
    s = apply(s, 'union', { type: 'retreat', unit: 'u-inf', hexside: 'S' }).state;
    let r = apply(s, 'union', { type: 'end-phase' }, [1, 2, 5, 6, 6, 6, 6]);
    expect(r.state.pending).toEqual({ kind: 'allocate-hit', side: 'union', candidates: ['u-cav'] });
    r = apply(r.state, 'union', { type: 'take-hit', unit: 'u-cav' });
    expect(r.state.pending).toEqual({
      kind: 'allocate-hit',
      side: 'union',
      candidates: ['u-cav', 'u-inf'],
    });
    expect(battleLegalOrders(r.state, 'union')).toEqual([
      { type: 'take-hit', unit: 'u-cav' },
      { type: 'take-hit', unit: 'u-inf' },
    ]);
    expect(battleLegalOrders(r.state, 'confederate')).toEqual([]);
    r = apply(r.state, 'union', { type: 'take-hit', unit: 'u-inf' });
    expect(unit(r.state, 'u-inf').place.kind).toBe('eliminated');
    expect(unit(r.state, 'u-cav')).toMatchObject({
      cv: 1,
      place: { kind: 'adjacent', hexside: 'S' },
    });
  });

  it('B7.14: holding the line with cavalry, the infantry retreats from the Reserve unmolested and only the CSA cavalry pursues, at F1', () => {
    let s = base();
    unit(s, 'u-inf').place = { kind: 'cell', cell: 'union:reserve' };
    s = apply(s, 'union', { type: 'retreat', unit: 'u-cav', hexside: 'S' }).state;
    s = apply(s, 'union', { type: 'retreat', unit: 'u-inf', hexside: 'S' }).state;
    const r = apply(s, 'union', { type: 'end-phase' }, [2, 2, 2, 2]);
    const fires = r.events.filter((e) => e.type === 'pursuit-fire');
    expect(fires.map((e) => [e.unit, e.firepower, e.cell])).toEqual([['c-cav', 1, 'union:L']]);
    expect(unit(r.state, 'u-inf')).toMatchObject({ cv: 1, place: { kind: 'adjacent' } });
  });

  it('B7.14 sb "Enfilade and Pursuit": both disengaged to the Reserve, the CSA blocks left in the USA Left pursue the Reserve', () => {
    let s = base();
    unit(s, 'u-inf').place = { kind: 'cell', cell: 'union:reserve' };
    unit(s, 'u-cav').place = { kind: 'cell', cell: 'union:reserve' };
    s = apply(s, 'union', { type: 'retreat', unit: 'u-cav', hexside: 'S' }).state;
    s = apply(s, 'union', { type: 'retreat', unit: 'u-inf', hexside: 'S' }).state;
    const r = apply(s, 'union', { type: 'end-phase' }, [6, 6, 6, 6, 6, 6, 6]);
    const fires = r.events.filter((e) => e.type === 'pursuit-fire');
    expect(fires.map((e) => [e.unit, e.firepower])).toEqual([
      ['c-cav', 2],
      ['c-inf', 1],
    ]);
  });

  it('B7.14 sb "Enfilade and Pursuit": there is no Pursuit Fire at Night', () => {
    let s = base({ slot: 'night', phase: { name: 'night-retreat', side: 'union' } });
    s = apply(s, 'union', { type: 'retreat', unit: 'u-cav', hexside: 'S' }).state;
    const r = apply(s, 'union', { type: 'end-phase' });
    expect(r.events.some((e) => e.type === 'pursuit-fire')).toBe(false);
    expect(unit(r.state, 'u-cav').place).toEqual({ kind: 'adjacent', hexside: 'S' });
  });
});

describe('B7.34 Enfilade Diagram (L1057)', () => {
  // Black (union, Attacker): A occupies Gray's Left, B engages Z in Gray's Center, C in Black's Left.
  // Gray (confederate): Z Center, Y Right, X Reserve.
  const diagram = (turnSide: Side) =>
    fixtureBattle({
      turnSide,
      holders: { 'confederate:L': 'union' },
      units: [
        { id: 'A', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:L' },
        { id: 'B', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'C', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'Z', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'Y', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:R' },
        { id: 'X', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:reserve' },
      ],
    });

  it('B7.34: Z, engaged by B, cannot enfilade A but fires normally on B', () => {
    const r = run(diagram('confederate'));
    expect(fireOptions(r, unit(r.s, 'Z')).map((o) => [o.target, o.mode, o.firepower])).toEqual([
      ['confederate:C', 'defense', 2],
    ]);
  });

  it('B7.34: Y, unengaged in its own battleline, enfilades B at F1', () => {
    const r = run(diagram('confederate'));
    expect(fireOptions(r, unit(r.s, 'Y')).map((o) => [o.target, o.mode, o.firepower])).toEqual([
      ['confederate:C', 'enfilade-own', 1],
    ]);
  });

  it('B7.34: A enfilades Z at F2 from a position in the enemy battleline', () => {
    const r = run(diagram('union'));
    expect(fireOptions(r, unit(r.s, 'A')).map((o) => [o.target, o.mode, o.firepower])).toEqual([
      ['confederate:C', 'enfilade-enemy', 2],
    ]);
  });

  it('B7.34, B7.41: X ends the enfilade on Z by engaging A; C ends the enfilade on B by engaging Y', () => {
    const gray = run(diagram('confederate'));
    gray.s.phase = { name: 'moves' };
    expect(moveOptions(gray, unit(gray.s, 'X'))).toContainEqual({
      to: 'confederate:L',
      kind: 'engage',
    });
    const black = run(diagram('union'));
    black.s.phase = { name: 'moves' };
    expect(moveOptions(black, unit(black.s, 'C'))).toContainEqual({
      to: 'confederate:R',
      kind: 'engage',
    });
  });

  it('B7.15: an enfilading block firing on a vacant Center routs its owner', () => {
    const s = fixtureBattle({
      turnSide: 'union',
      holders: { 'confederate:L': 'union' },
      units: [
        { id: 'A', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:L' },
        { id: 'C', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'Y', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:R' },
      ],
      hexsides: [
        { id: 'N', terrain: 'clear', beyond: 'north', occupant: null },
        { id: 'S', terrain: 'clear', beyond: 'south', occupant: null },
      ],
    });
    expect(battleLegalOrders(s, 'union')).toContainEqual({
      type: 'fire',
      unit: 'A',
      target: 'confederate:C',
    });
    const r = apply(s, 'union', { type: 'fire', unit: 'A', target: 'confederate:C' }, [6, 6, 6]);
    expect(r.events.find((e) => e.type === 'rout')).toMatchObject({
      side: 'confederate',
      rule: '7.15',
    });
    expect(r.state.result?.victor).toBe('union');
  });
});

describe('B7.35, B7.42 Melee Diagram and Disengage (L1105–1117)', () => {
  // B (union) has engaged Z (confederate) in the Gray Center; W is a second Gray block there.
  const diagram = (turnSide: Side) =>
    fixtureBattle({
      turnSide,
      units: [
        { id: 'B', side: 'union', type: 'infantry', cv: 2, cell: 'confederate:C', revealed: true },
        { id: 'U', side: 'union', type: 'infantry', cv: 2, cell: 'union:C' },
        {
          id: 'Z',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:C',
          revealed: true,
        },
        { id: 'Y', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:L' },
      ],
    });

  it('B7.35: if B fails to win the Gray Center after the second round it must Disengage to its own Center', () => {
    let s = diagram('union');
    let r = apply(s, 'union', { type: 'melee', cell: 'confederate:C' }, [6, 6, 6, 6, 6]);
    expect(r.events.find((e) => e.type === 'melee-round')).toMatchObject({ round: 1 });
    expect(r.state.pending).toEqual({ kind: 'melee-choice', side: 'union' });
    r = apply(r.state, 'union', { type: 'melee-continue' });
    expect(r.state.pending).toEqual({ kind: 'melee-choice', side: 'confederate' });
    r = apply(r.state, 'confederate', { type: 'melee-fight' }, [6, 6, 6, 6, 6]);
    s = r.state;
    expect(unit(s, 'B').place).toEqual({ kind: 'cell', cell: 'union:C' });
    expect(unit(s, 'B').fired).toBe(true);
    expect(s.result).toBeNull();
  });

  it('B7.35: melee hits are simultaneous, at F3 for infantry', () => {
    const s = diagram('union');
    // B rolls 1,3 (two hits at F3), Z rolls 4,5,6 (none)
    const r = apply(s, 'union', { type: 'melee', cell: 'confederate:C' }, [1, 3, 4, 5, 6]);
    expect(unit(r.state, 'Z').cv).toBe(1);
    expect(unit(r.state, 'B').cv).toBe(2);
  });

  it('B7.35, B7.15: if Z starts a melee and fails to eliminate B, Z must Disengage to its Reserve, and that routs Gray', () => {
    const s = diagram('confederate');
    let r = apply(s, 'confederate', { type: 'melee', cell: 'confederate:C' }, [6, 6, 6, 6, 6]);
    r = apply(r.state, 'confederate', { type: 'melee-disengage' }, [6, 6, 6, 6, 6, 6, 6, 6]);
    expect(r.events.find((e) => e.type === 'rout')).toMatchObject({ side: 'confederate' });
    expect(r.state.result?.victor).toBe('union');
  });

  it('B7.42: W disengaging to the Gray Reserve while B holds the Gray Center is a Rout', () => {
    const s = fixtureBattle({
      turnSide: 'confederate',
      phase: { name: 'moves' },
      units: [
        { id: 'B', side: 'union', type: 'infantry', cv: 2, cell: 'confederate:C', revealed: true },
        {
          id: 'W',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:C',
          revealed: true,
        },
        { id: 'Y', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:L' },
      ],
    });
    const r = apply(
      s,
      'confederate',
      { type: 'move', unit: 'W', to: 'confederate:reserve' },
      Array(12).fill(6),
    );
    expect(r.events.find((e) => e.type === 'rout')).toMatchObject({ side: 'confederate' });
  });

  it('B7.42, A44: B, engaged, may only Disengage to its own Center', () => {
    const s = diagram('union');
    s.phase = { name: 'moves' };
    expect(moveOptions(run(s), unit(s, 'B'))).toEqual([{ to: 'union:C', kind: 'disengage' }]);
  });
});

describe('B7.43 Outflanking (Outflank diagram and example, L1117, L1163)', () => {
  it('B7.43: CSA cavalry (+1) outflanking in a forest hex (−1) in Mud (−1) is at −1 and needs 5+', () => {
    const mod = outflankModifier('cavalry', 'mud', 'forest');
    expect(mod).toBe(-1);
    expect(forceMarchSucceeds('confederate', 4 + mod)).toBe(false);
    expect(forceMarchSucceeds('confederate', 5 + mod)).toBe(true);
  });

  // C (Gray) is engaged by X moving to X1 (Gray's Right); Black Reserve blocks Y and Z outflank.
  const diagram = () =>
    fixtureBattle({
      turnSide: 'union',
      phase: { name: 'moves' },
      units: [
        { id: 'X', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:R', revealed: true },
        { id: 'Y', side: 'union', type: 'infantry', cv: 2, cell: 'union:reserve' },
        { id: 'Z', side: 'union', type: 'infantry', cv: 3, cell: 'union:reserve' },
        { id: 'K', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        {
          id: 'C',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:R',
          revealed: true,
        },
        { id: 'G', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });

  it('B7.43: Y fails its roll and is Lost; Z succeeds, engages C and fires at once', () => {
    let s = diagram();
    expect(outflankTargets(run(s), unit(s, 'Y'))).toEqual(['confederate:R']);
    s = apply(s, 'union', { type: 'outflank', unit: 'Y', target: 'confederate:R' }).state;
    s = apply(s, 'union', { type: 'outflank', unit: 'Z', target: 'confederate:R' }).state;
    // USA needs 5+: Y rolls 4 (Lost), Z rolls 5 and fires 3 dice at F2 (offense): 1, 2, 6 → 2 hits
    const r = apply(s, 'union', { type: 'end-phase' }, [4, 5, 1, 2, 6]);
    expect(unit(r.state, 'Y').place).toEqual({ kind: 'lost', target: 'confederate:R' });
    expect(unit(r.state, 'Z').place).toEqual({ kind: 'cell', cell: 'confederate:R' });
    expect(r.events.find((e) => e.type === 'fire')).toMatchObject({
      unit: 'Z',
      hits: 2,
      rule: '7.43',
    });
    expect(unit(r.state, 'C').cv).toBe(1);
  });

  it('B7.43: a Lost block that succeeds on a later turn may engage and fire, or move back to the Reserve (its owner is asked)', () => {
    let s = diagram();
    s = apply(s, 'union', { type: 'outflank', unit: 'Y', target: 'confederate:R' }).state;
    s = apply(s, 'union', { type: 'end-phase' }, [4]).state; // Y Lost
    expect(unit(s, 'Y').place).toEqual({ kind: 'lost', target: 'confederate:R' });
    // a later Union Battle Moves phase: Y rolls again, 6 succeeds
    s.turnSide = 'union';
    s.phase = { name: 'moves' };
    let r = apply(s, 'union', { type: 'end-phase' }, [6]);
    expect(r.state.pending).toEqual({ kind: 'lost-choice', side: 'union', units: ['Y'] });
    expect(battleLegalOrders(r.state, 'union')).toEqual([
      { type: 'outflank-engage', unit: 'Y' },
      { type: 'outflank-return', unit: 'Y' },
    ]);
    const back = apply(r.state, 'union', { type: 'outflank-return', unit: 'Y' });
    expect(unit(back.state, 'Y').place).toEqual({ kind: 'cell', cell: 'union:reserve' });
    expect(back.state.phase.name).not.toBe('moves');
    r = apply(r.state, 'union', { type: 'outflank-engage', unit: 'Y' }, [1, 6]);
    expect(unit(r.state, 'Y').place).toEqual({ kind: 'cell', cell: 'confederate:R' });
    expect(r.events.find((e) => e.type === 'fire')).toMatchObject({ unit: 'Y', rule: '7.43' });
  });

  it('B7.43 IMPORTANT: a block may not bypass an enemy engagement of its own facing flank to reach the enemy line', () => {
    const s = fixtureBattle({
      turnSide: 'union',
      phase: { name: 'moves' },
      units: [
        { id: 'X', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:R' },
        { id: 'Q', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'Y', side: 'union', type: 'infantry', cv: 2, cell: 'union:reserve' },
        { id: 'C', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:R' },
        { id: 'E', side: 'confederate', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'G', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    // the enemy engages the Union Left, which faces the Confederate Right: only the own flank is a target
    expect(outflankTargets(run(s), unit(s, 'Y'))).toEqual(['union:L']);
  });

  it('B7.6: no Outflank in a fortress battle', () => {
    const s = diagram();
    s.terrain = 'fortress';
    expect(outflankTargets(run(s), unit(s, 'Y'))).toEqual([]);
  });
});

describe('B7.36, B7.6 Double Defense Example (Vicksburg, L1167)', () => {
  const vicksburg = () =>
    fixtureBattle({
      attacker: 'union',
      terrain: 'fortress',
      turnSide: 'union',
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:C', revealed: true },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:C', revealed: true },
        {
          id: 'c1',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:C',
          revealed: true,
        },
        { id: 'c2', side: 'confederate', type: 'infantry', cv: 3, cell: 'union:C', revealed: true },
      ],
    });

  it('B7.36: the Defender has Double Defense in his own Center, not while engaging the Attacker in his battleline', () => {
    const s = vicksburg();
    expect(hasDoubleDefense(s, unit(s, 'c1'), false)).toBe(true);
    expect(hasDoubleDefense(s, unit(s, 'c2'), false)).toBe(false);
    expect(hasDoubleDefense(s, unit(s, 'u1'), false)).toBe(false);
  });

  it('B7.36: two hits take one step from a double-defended block; a lone hit waits as a half-hit and carries to the next fire', () => {
    let s = vicksburg();
    // u1 fires 3 dice at F2 into the Confederate Center: 1, 6, 6 → one hit → a half-hit
    let r = apply(s, 'union', { type: 'fire', unit: 'u1', target: 'confederate:C' }, [1, 6, 6]);
    expect(unit(r.state, 'c1').cv).toBe(3);
    expect(r.state.turn.halfHits['confederate|confederate:C']).toBe(1);
    s = r.state;
    // c2 is in the Union Center: no Double Defense there; u2 fires 1, 2, 6 → two hits → two steps
    r = apply(s, 'union', { type: 'fire', unit: 'u2', target: 'union:C' }, [1, 2, 6]);
    expect(unit(r.state, 'c2').cv).toBe(1);
  });

  it("B7.6: the Attacker may not start a melee against a fortress's Defenders", () => {
    const s = vicksburg();
    expect(battleLegalOrders(s, 'union').some((o) => o.type === 'melee')).toBe(false);
    const r = applyBattleOrder(s, 'union', { type: 'melee', cell: 'confederate:C' }, fixedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.rule).toBe('7.6');
  });

  it('B7.36: a half-hit left at the end of the Battle Turn is forfeit', () => {
    let s = vicksburg();
    s = apply(s, 'union', { type: 'fire', unit: 'u1', target: 'confederate:C' }, [1, 6, 6]).state;
    s.phase = { name: 'reinforce' };
    const r = apply(s, 'union', { type: 'end-phase' });
    expect(r.events.find((e) => e.type === 'half-hits-forfeit')).toBeDefined();
    expect(r.state.turn.halfHits).toEqual({});
  });
});
