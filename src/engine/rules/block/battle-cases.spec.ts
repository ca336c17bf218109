/**
 * Cases of 6.0–7.6 beyond the worked examples: deployment (6.2), Night and
 * Battle HQs (6.31, 6.32), regrouping (6.4), retreat routes and limits
 * (7.11, 7.12), routs (7.15), fire modes (7.31, 7.33), reinforcements (7.5x),
 * fog of war (notes §8), the scenario document and refusals of what is not
 * yet supported.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedDice, seededDice } from '../../dice';
import { applyBattleOrder, battleLegalOrders, battleMustAct } from './battle';
import { fixtureBattle, unit } from './battle.fixtures';
import { fireOptions } from './battle-fire';
import { newBattle, validateBattleScenario, type BlockBattleScenario } from './battle-scenario';
import { blockEventsFor, blockView } from './block-view';
import { loadBattleScenario } from './battle-playout.spec';
import type { BlockBattleState, BlockOrder, Side } from './types';

function apply(s: BlockBattleState, seat: Side, order: BlockOrder, rolls: number[] = []) {
  const r = applyBattleOrder(s, seat, order, fixedDice(rolls));
  if (!r.ok) throw new Error(r.refusal.message);
  return r;
}

function refusal(s: BlockBattleState, seat: Side, order: BlockOrder, rolls: number[] = []) {
  const r = applyBattleOrder(s, seat, order, fixedDice(rolls));
  if (r.ok) throw new Error(`accepted ${JSON.stringify(order)}`);
  return r.refusal;
}

const ROOT = join(__dirname, '..', '..', '..', '..');

describe('B6.2 Battle Deployment', () => {
  const start = () =>
    newBattle(loadBattleScenario('block-first-manassas'), {}, seededDice('deploy'));

  it('B6.2: the Defender deploys first; the Attacker has nothing to do until he is done', () => {
    const s = start();
    expect(battleMustAct(s)).toEqual({ seats: ['confederate'], kind: 'deploy' });
    expect(battleLegalOrders(s, 'union')).toEqual([]);
    expect(refusal(s, 'union', { type: 'deploy-done' }).code).toBe('NOT_YOUR_TURN');
  });

  it('B6.2 (A35): first block in the Center, the second on a wing, the third on the other wing', () => {
    let s = start();
    const mine = s.units.filter((u) => u.side === 'confederate' && u.place.kind === 'undeployed');
    for (const u of mine)
      s = apply(s, 'confederate', { type: 'place', unit: u.id, cell: 'confederate:C' }).state;
    expect(refusal(s, 'confederate', { type: 'deploy-done' }).message).toMatch(/second block/);
    s = apply(s, 'confederate', { type: 'place', unit: mine[0].id, cell: 'confederate:L' }).state;
    expect(refusal(s, 'confederate', { type: 'deploy-done' }).message).toMatch(/third block/);
    s = apply(s, 'confederate', { type: 'place', unit: mine[1].id, cell: 'confederate:R' }).state;
    s = apply(s, 'confederate', { type: 'deploy-done' }).state;
    expect(battleMustAct(s)).toEqual({ seats: ['union'], kind: 'deploy' });
    // the Defender's deployment is frozen once the Attacker deploys
    expect(battleLegalOrders(s, 'confederate')).toEqual([]);
  });

  it('B6.2: the Attacker sees only how many blocks stand in each Defender cell, and must face each occupied one', () => {
    let s = start();
    const mine = s.units.filter((u) => u.side === 'confederate' && u.place.kind === 'undeployed');
    const cells = ['confederate:C', 'confederate:L', 'confederate:R'];
    mine.forEach((u, i) => {
      s = apply(s, 'confederate', { type: 'place', unit: u.id, cell: cells[i % 3] }).state;
    });
    s = apply(s, 'confederate', { type: 'deploy-done' }).state;
    const seen = blockView(s, 'union').units.filter((u) => u.side === 'confederate' && u.hidden);
    expect(seen.length).toBe(s.units.filter((u) => u.side === 'confederate').length);
    const ours = s.units.filter((u) => u.side === 'union' && u.place.kind === 'undeployed');
    for (const u of ours)
      s = apply(s, 'union', { type: 'place', unit: u.id, cell: 'union:C' }).state;
    expect(refusal(s, 'union', { type: 'deploy-done' }).rule).toBe('6.2');
    s = apply(s, 'union', { type: 'place', unit: ours[0].id, cell: 'union:L' }).state;
    s = apply(s, 'union', { type: 'place', unit: ours[1].id, cell: 'union:R' }).state;
    s = apply(s, 'union', { type: 'deploy-done' }).state;
    expect(s.day).toBe(1);
    expect(s.slot).toBe('dawn');
    expect(s.turnSide).toBe('union');
  });

  it('B7.31: Heavy Artillery may only be deployed in the Center', () => {
    const doc = loadBattleScenario('block-first-manassas');
    doc.units.push({
      key: 'guns',
      side: 'confederate',
      name: 'Guns',
      type: 'heavy-artillery',
      cv: 1,
      at: 'battle',
    });
    const s = newBattle(doc, {}, seededDice('ha'));
    const ha = s.units.find((u) => u.type === 'heavy-artillery')!;
    expect(
      refusal(s, 'confederate', { type: 'place', unit: ha.id, cell: 'confederate:L' }).rule,
    ).toBe('7.31');
    expect(battleLegalOrders(s, 'confederate').filter((o) => o.unit === ha.id)).toEqual([
      { type: 'place', unit: ha.id, cell: 'confederate:C' },
    ]);
  });
});

describe('B6.31, B6.32 Night and Battle HQs', () => {
  const night = (attackerHq: boolean) =>
    fixtureBattle({
      slot: 'night',
      turnSide: 'confederate',
      phase: { name: 'night-choice', side: 'confederate' },
      units: [
        ...(attackerHq
          ? [
              {
                id: 'hq',
                side: 'union' as const,
                type: 'hq' as const,
                cv: 2,
                cell: 'union:reserve' as const,
              },
            ]
          : []),
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'c9', side: 'confederate', type: 'infantry', cv: 2, adjacent: 'S' },
      ],
    });

  it('B6.31: the Defender continues and reinforces at doubled limits (a clear hexside: 4 at night)', () => {
    let s = night(true);
    s = apply(s, 'confederate', { type: 'night-continue' }).state;
    expect(s.phase).toEqual({ name: 'night-reinforce', side: 'confederate' });
    s = apply(s, 'confederate', { type: 'reinforce', unit: 'c9' }).state;
    expect(unit(s, 'c9').place).toEqual({ kind: 'cell', cell: 'confederate:reserve' });
    // nothing left to reinforce with: the Defender's night turn ends by itself
    expect(battleMustAct(s)).toEqual({ seats: ['union'], kind: 'night-choice' });
  });

  it('B6.32: without a Battle HQ the Attacker may only retreat', () => {
    let s = night(false);
    s = apply(s, 'confederate', { type: 'night-continue' }).state;
    s = apply(s, 'confederate', { type: 'end-phase' }).state;
    expect(battleLegalOrders(s, 'union')).toEqual([{ type: 'night-retreat' }]);
    expect(refusal(s, 'union', { type: 'night-continue' }).rule).toBe('6.32');
    const r = apply(s, 'union', { type: 'night-retreat' });
    const r2 = apply(r.state, 'union', { type: 'end-phase' });
    expect(r2.state.result?.victor).toBe('confederate');
  });

  it('B6.32: the Attacker reveals his Battle HQ and reduces it 1cv to fight another day; the Defender redeploys first', () => {
    let s = night(true);
    s = apply(s, 'confederate', { type: 'night-continue' }).state;
    s = apply(s, 'confederate', { type: 'end-phase' }).state;
    const r = apply(s, 'union', { type: 'night-continue', hq: 'hq' });
    expect(r.events.find((e) => e.type === 'battle-hq')).toMatchObject({
      unit: 'hq',
      cv: 2,
      rule: '6.32',
    });
    expect(unit(r.state, 'hq').cv).toBe(1);
    // no Union block adjacent to reinforce with: on to the Night redeployment, Defender first
    s = r.state;
    expect(battleMustAct(s)).toEqual({ seats: ['confederate'], kind: 'night-deploy' });
    s = apply(s, 'confederate', { type: 'deploy-done' }).state;
    s = apply(s, 'union', { type: 'place', unit: 'hq', cell: 'union:R' }).state;
    s = apply(s, 'union', { type: 'deploy-done' }).state;
    expect([s.day, s.slot, s.turnSide]).toEqual([2, 'dawn', 'union']);
  });

  it('B6.31 (A48): at nightfall blocks in the enemy battleline return to their own facing cell', () => {
    let s = fixtureBattle({
      slot: 'dusk',
      turnSide: 'confederate',
      phase: { name: 'reinforce' },
      holders: { 'confederate:L': 'union' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:L' },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    s = apply(s, 'confederate', { type: 'end-phase' }).state;
    expect(s.slot).toBe('night');
    expect(unit(s, 'u1').place).toEqual({ kind: 'cell', cell: 'union:R' });
    expect(s.holders['confederate:L']).toBe('confederate');
  });
});

describe('B7.11, B7.12, B7.15 Retreat routes and limits; Rout', () => {
  it('B7.11: the Attacker retreats only across hexsides he attacked or reinforced across; the Defender only across the others', () => {
    const s = fixtureBattle({
      phase: { name: 'retreat' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    expect(battleLegalOrders(s, 'union').filter((o) => o.type === 'retreat')).toEqual([
      { type: 'retreat', unit: 'u1', hexside: 'N' },
    ]);
    expect(refusal(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'S' }).rule).toBe('7.11');
  });

  it('B7.12: a forest hexside lets two blocks retreat by day', () => {
    let s = fixtureBattle({
      phase: { name: 'retreat' },
      hexsides: [{ id: 'N', terrain: 'forest', beyond: 'n', occupant: null }],
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'u3', side: 'union', type: 'infantry', cv: 3, cell: 'union:R' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    s = apply(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'N' }).state;
    expect(battleLegalOrders(s, 'union').filter((o) => o.type === 'retreat')).toHaveLength(2);
    s = apply(s, 'union', { type: 'retreat', unit: 'u2', hexside: 'N' }).state;
    // the hexside is full: nothing more to declare, the Retreat phase is over and u3 stays
    expect(s.phase.name).not.toBe('retreat');
    expect(unit(s, 'u3').place).toEqual({ kind: 'cell', cell: 'union:R' });
    expect(unit(s, 'u1').place).toEqual({ kind: 'adjacent', hexside: 'N' });
  });

  it('B7.15, B2.26: in a Rout, Disrupted blocks and Heavy Artillery are eliminated, the rest retreat under doubled pursuit', () => {
    const s = fixtureBattle({
      turnSide: 'union',
      phase: { name: 'moves' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c-ha', side: 'confederate', type: 'heavy-artillery', cv: 2, cell: 'confederate:R' },
        { id: 'c-inf', side: 'confederate', type: 'infantry', cv: 2, cell: 'confederate:L' },
        { id: 'c-dis', side: 'confederate', type: 'infantry', cv: 2, cell: 'confederate:reserve' },
      ],
    });
    unit(s, 'c-dis').disruptedThroughDay = 1;
    // u1 occupies the empty Confederate Center: the Confederates rout at once
    const r = apply(
      s,
      'union',
      { type: 'move', unit: 'u1', to: 'confederate:C' },
      Array(12).fill(6),
    );
    expect(r.events.find((e) => e.type === 'battle-move')).toMatchObject({ kind: 'occupy' });
    expect(unit(r.state, 'c-ha').place.kind).toBe('eliminated');
    expect(unit(r.state, 'c-dis').place.kind).toBe('eliminated');
    expect(unit(r.state, 'c-inf').place).toEqual({ kind: 'adjacent', hexside: 'S' });
    // u1 in the Confederate Center is unengaged beside the Left: it pursues, twice (7.15)
    expect(r.events.filter((e) => e.type === 'pursuit-fire' && e.unit === 'u1')).toHaveLength(2);
    expect(r.state.result?.victor).toBe('union');
    expect(r.state.phase.name).toBe('regroup');
  });
});

describe('B7.31, B7.33 fire modes', () => {
  it('B7.31: unengaged Field Artillery fires F1 at long range into the facing cell; its 6s hit its own side there', () => {
    const s = fixtureBattle({
      units: [
        { id: 'u-art', side: 'union', type: 'artillery', cv: 3, cell: 'union:C' },
        { id: 'u-inf', side: 'union', type: 'infantry', cv: 2, cell: 'confederate:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    const r = apply(
      s,
      'union',
      { type: 'fire', unit: 'u-art', target: 'confederate:C' },
      [1, 6, 3],
    );
    expect(r.events.find((e) => e.type === 'fire')).toMatchObject({
      firepower: 1,
      hits: 1,
      friendlyHits: 1,
    });
    expect(unit(r.state, 'c1').cv).toBe(2);
    expect(unit(r.state, 'u-inf').cv).toBe(1);
  });

  it('B7.33: counter-battery aims at a revealed enemy artillery block, and all its hits go to that block', () => {
    const s = fixtureBattle({
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:C' },
        {
          id: 'c-art',
          side: 'confederate',
          type: 'artillery',
          cv: 2,
          cell: 'confederate:C',
          revealed: true,
        },
        {
          id: 'c-inf',
          side: 'confederate',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:C',
          revealed: true,
        },
      ],
    });
    expect(
      fireOptions({ s, dice: fixedDice([]), events: [] }, unit(s, 'u1')).map((o) => o.target),
    ).toEqual(['confederate:C', 'c-art']);
    const r = apply(s, 'union', { type: 'fire', unit: 'u1', target: 'c-art' }, [1, 2, 6]);
    expect(unit(r.state, 'c-art').place.kind).toBe('eliminated');
    expect(unit(r.state, 'c-inf').cv).toBe(3);
  });

  it('B7.31: cavalry fires F1 before 1863 and F2 on offense, F3 on defense from January 1863', () => {
    const pos = (year: number) =>
      fixtureBattle({
        year,
        units: [
          { id: 'u-cav', side: 'union', type: 'cavalry', cv: 2, cell: 'confederate:C' },
          { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        ],
      });
    const fp = (s: BlockBattleState) =>
      fireOptions({ s, dice: fixedDice([]), events: [] }, unit(s, 'u-cav'))[0].firepower;
    expect(fp(pos(1862))).toBe(1);
    expect(fp(pos(1863))).toBe(2);
  });

  it('B7.3: Reserve blocks never fire; infantry does not fire until engaged', () => {
    const s = fixtureBattle({
      units: [
        { id: 'u-res', side: 'union', type: 'infantry', cv: 3, cell: 'union:reserve' },
        { id: 'u-line', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    expect(refusal(s, 'union', { type: 'fire', unit: 'u-res', target: 'confederate:C' }).rule).toBe(
      '7.31',
    );
    expect(battleLegalOrders(s, 'union').filter((o) => o.type === 'fire')).toEqual([]);
  });
});

describe('B7.5, B7.51 Reinforcements', () => {
  const pos = (
    terrain: 'clear' | 'forest',
    weather: 'dry' | 'mud',
    slot: BlockBattleState['slot'] = 'morning',
  ) =>
    fixtureBattle({
      weather,
      slot,
      turnSide: 'confederate',
      phase:
        slot === 'night' ? { name: 'night-reinforce', side: 'confederate' } : { name: 'reinforce' },
      hexsides: [
        { id: 'N', terrain: 'clear', beyond: 'n', occupant: null },
        { id: 'S', terrain, beyond: 's', occupant: null },
      ],
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'r1', side: 'confederate', type: 'infantry', cv: 3, adjacent: 'S' },
        { id: 'r2', side: 'confederate', type: 'infantry', cv: 3, adjacent: 'S' },
        { id: 'r3', side: 'confederate', type: 'infantry', cv: 3, adjacent: 'S' },
      ],
    });

  it('B7.51: two blocks a Battle Turn across a clear hexside in Dry weather, then the hexside is full', () => {
    let s = pos('clear', 'dry');
    s = apply(s, 'confederate', { type: 'reinforce', unit: 'r1' }).state;
    expect(battleLegalOrders(s, 'confederate')).toContainEqual({ type: 'reinforce', unit: 'r3' });
    s = apply(s, 'confederate', { type: 'reinforce', unit: 'r2' }).state;
    // the hexside is full: the Battle Turn ends by itself, r3 stays outside
    expect(s.turnSide).toBe('union');
    expect(unit(s, 'r3').place.kind).toBe('adjacent');
  });

  it('B7.51: a DR hexside (forest in Mud) admits one block on 4+, none on a lower roll', () => {
    let r = apply(pos('forest', 'mud'), 'confederate', { type: 'reinforce', unit: 'r1' }, [3]);
    expect(r.events[0]).toMatchObject({ type: 'reinforce-roll', dice: [3], admits: 0 });
    expect(unit(r.state, 'r1').place.kind).toBe('adjacent');
    expect(r.state.turnSide).toBe('union');
    r = apply(pos('forest', 'mud'), 'confederate', { type: 'reinforce', unit: 'r1' }, [4]);
    expect(unit(r.state, 'r1').place).toEqual({ kind: 'cell', cell: 'confederate:reserve' });
    expect(unit(r.state, 'r2').place.kind).toBe('adjacent');
    expect(r.state.turnSide).toBe('union');
  });

  it('B6.31 (A47): at Night a DR is rolled twice, each success admitting one block', () => {
    let s = pos('forest', 'mud', 'night');
    s = apply(s, 'confederate', { type: 'reinforce', unit: 'r1' }, [5, 6]).state;
    expect(battleLegalOrders(s, 'confederate')).toContainEqual({ type: 'reinforce', unit: 'r2' });
    s = apply(s, 'confederate', { type: 'reinforce', unit: 'r2' }).state;
    expect(unit(s, 'r2').place.kind).toBe('cell');
    expect(unit(s, 'r3').place.kind).toBe('adjacent');
    expect(s.phase).toEqual({ name: 'night-choice', side: 'union' });
  });

  it('B7.13: a Disrupted block may not reinforce', () => {
    const s = pos('clear', 'dry');
    unit(s, 'r1').disruptedThroughDay = 1;
    expect(refusal(s, 'confederate', { type: 'reinforce', unit: 'r1' }).rule).toBe('7.13');
  });
});

describe('B2.4 notes §8 fog of war in views and events', () => {
  it('B2.4 (notes §8.2): the opponent and the public see where a hidden block stands, never its type, strength or name', () => {
    const s = newBattle(loadBattleScenario('block-wilderness'), {}, seededDice('fog'));
    for (const reader of ['union', null] as const) {
      const v = blockView(s, reader);
      for (const u of v.units.filter((x) => x.side === 'confederate')) {
        expect(u).not.toHaveProperty('cv');
        expect(u).not.toHaveProperty('type');
        expect(u).not.toHaveProperty('name');
      }
    }
    const own = blockView(s, 'confederate').units.filter((x) => x.side === 'confederate');
    expect(own.every((u) => !u.hidden && 'cv' in u)).toBe(true);
  });

  it('B2.4 (notes §8.4.1): block ids are a seeded shuffle: two seeds give the same block different ids', () => {
    const doc = loadBattleScenario('block-wilderness');
    const idOf = (seed: string) =>
      newBattle(doc, {}, seededDice(seed)).units.find((u) => u.name === 'LEE')!.id;
    const ids = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(idOf));
    expect(ids.size).toBeGreaterThan(1);
  });

  it("B7.32 (A62): a hidden block's new CV after a hit is told to its owner only", () => {
    const s = fixtureBattle({
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    const r = apply(s, 'union', { type: 'fire', unit: 'u1', target: 'confederate:C' }, [1, 6, 6]);
    const lost = (reader: Side | null) =>
      blockEventsFor(r.events, reader, false).filter(
        (e) => e.unit === 'c1' && String(e.type).startsWith('step-lost'),
      );
    expect(lost('union')).toEqual([expect.not.objectContaining({ cv: expect.anything() })]);
    expect(lost(null)).toHaveLength(1);
    expect(lost('confederate').find((e) => e.type === 'step-lost-detail')).toMatchObject({ cv: 2 });
    expect(blockEventsFor(r.events, null, true)).toEqual(r.events);
  });

  it('B7.41 sb "Battle Fog of War": engaged blocks of both sides are revealed only after all the turn\'s battle moves', () => {
    let s = fixtureBattle({
      phase: { name: 'moves' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    s = apply(s, 'union', { type: 'move', unit: 'u1', to: 'confederate:C' }).state;
    expect(unit(s, 'u1').revealed).toBe(false);
    expect(unit(s, 'c1').revealed).toBe(false);
    s = apply(s, 'union', { type: 'end-phase' }).state;
    expect(unit(s, 'u1').revealed).toBe(true);
    expect(unit(s, 'c1').revealed).toBe(true);
  });
});

describe('block battle scenario documents', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(
    readFileSync(join(ROOT, 'scenarios', 'schema', 'block-battle.schema.json'), 'utf8'),
  );
  const validate = ajv.compile(schema);

  for (const id of ['block-first-manassas', 'block-wilderness'])
    it(`${id} is valid against block-battle.schema.json and sound (5.31, 7.11)`, () => {
      const doc = loadBattleScenario(id);
      expect(validate(doc) ? [] : validate.errors).toEqual([]);
      expect(validateBattleScenario(doc)).toEqual([]);
    });

  it('B5.31: attacking blocks beyond the attack limits of the hexsides attacked across are refused', () => {
    const doc = loadBattleScenario('block-first-manassas');
    const more: BlockBattleScenario = {
      ...doc,
      hexsides: doc.hexsides.map((h) => (h.id === 'N' ? { ...h, attackedAcross: false } : h)),
    };
    expect(
      validateBattleScenario(more)
        .map((p) => p.message)
        .join(),
    ).toMatch(/exceed the attack limits/);
  });

  it('B7.43: the two-space Outflank move is refused as not yet supported', () => {
    const s = fixtureBattle({
      phase: { name: 'moves' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:reserve' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    expect(refusal(s, 'union', { type: 'outflank-two-space', unit: 'u1' })).toMatchObject({
      code: 'NOT_YET_SUPPORTED',
      rule: '7.43',
    });
  });
});

describe('B6.3, B6.4, B7.44, B7.53 battle time, regrouping, cavalry moves, Western night reinforcement', () => {
  it('B6.3: four pairs of Battle Turns, the Attacker first in each, then Night with the Defender first', () => {
    let s = fixtureBattle({
      slot: 'dawn',
      phase: { name: 'reinforce' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'u9', side: 'union', type: 'infantry', cv: 3, adjacent: 'N' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'c9', side: 'confederate', type: 'infantry', cv: 3, adjacent: 'S' },
      ],
    });
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const act = battleMustAct(s)!;
      seen.push(`${s.slot}:${act.seats[0]}`);
      // each side ends every phase with nothing done
      for (
        let k = 0;
        k < 6 && battleMustAct(s)!.seats[0] === act.seats[0] && s.slot !== 'night';
        k++
      )
        s = apply(s, act.seats[0], { type: 'end-phase' }).state;
    }
    expect(seen).toEqual([
      'dawn:union',
      'dawn:confederate',
      'morning:union',
      'morning:confederate',
      'afternoon:union',
      'afternoon:confederate',
      'dusk:union',
      'dusk:confederate',
    ]);
    expect(s.slot).toBe('night');
    expect(battleMustAct(s)).toEqual({ seats: ['confederate'], kind: 'night-choice' });
  });

  it('B6.4: the Victor may Regroup — Retreat or Reinforce, not both — and regrouped blocks are Disrupted', () => {
    const s = fixtureBattle({
      turnSide: 'union',
      phase: { name: 'moves' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:L' },
        { id: 'u9', side: 'union', type: 'infantry', cv: 3, adjacent: 'N' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 1, cell: 'confederate:L' },
      ],
    });
    let r = apply(s, 'union', { type: 'move', unit: 'u1', to: 'confederate:C' }, Array(8).fill(6));
    expect(r.state.phase).toEqual({ name: 'regroup', side: 'union', mode: null });
    expect(battleLegalOrders(r.state, 'union')).toContainEqual({
      type: 'regroup-reinforce',
      unit: 'u9',
    });
    r = apply(r.state, 'union', { type: 'regroup-retreat', unit: 'u2', hexside: 'N' });
    expect(unit(r.state, 'u2')).toMatchObject({ regrouped: true, disruptedThroughDay: 1 });
    expect(refusal(r.state, 'union', { type: 'regroup-reinforce', unit: 'u9' }).rule).toBe('6.4');
    r = apply(r.state, 'union', { type: 'end-phase' });
    expect(r.state.phase.name).toBe('over');
    expect(battleMustAct(r.state)).toBeNull();
  });

  it('B7.44: cavalry makes two moves (Reserve, own Left, then engage the enemy Right) but not Disengage and Engage', () => {
    let s = fixtureBattle({
      phase: { name: 'moves' },
      units: [
        { id: 'cav', side: 'union', type: 'cavalry', cv: 2, cell: 'union:reserve' },
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'c2', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:R' },
      ],
    });
    s = apply(s, 'union', { type: 'move', unit: 'cav', to: 'union:L' }).state;
    s = apply(s, 'union', { type: 'move', unit: 'cav', to: 'confederate:R' }).state;
    expect(unit(s, 'cav').moves).toEqual(['plain', 'engage']);
    expect(battleLegalOrders(s, 'union').filter((o) => o.unit === 'cav')).toEqual([]);
  });

  it('B7.53: in the West the USA Defender reinforces at Night across a Major River without a bridge, two blocks', () => {
    let s = fixtureBattle({
      attacker: 'confederate',
      slot: 'night',
      turnSide: 'union',
      phase: { name: 'night-reinforce', side: 'union' },
      hexsides: [
        { id: 'N', terrain: 'clear', beyond: 'n', occupant: null },
        { id: 'R', terrain: 'major-river', beyond: 'across the Tennessee', occupant: null },
      ],
      units: [
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'r1', side: 'union', type: 'infantry', cv: 3, adjacent: 'R' },
        { id: 'r2', side: 'union', type: 'infantry', cv: 3, adjacent: 'R' },
        { id: 'r3', side: 'union', type: 'infantry', cv: 3, adjacent: 'R' },
      ],
    });
    expect(battleLegalOrders(s, 'union').filter((o) => o.type === 'reinforce')).toEqual([]);
    s.theater = 'west';
    s = apply(s, 'union', { type: 'reinforce', unit: 'r1' }).state;
    s = apply(s, 'union', { type: 'reinforce', unit: 'r2' }).state;
    expect(unit(s, 'r3').place.kind).toBe('adjacent');
    expect(unit(s, 'r2').place).toEqual({ kind: 'cell', cell: 'union:reserve' });
  });

  it('B7.1, B7.13: a retreating block leaves the battle across its hexside, Disrupted and hidden again', () => {
    let s = fixtureBattle({
      phase: { name: 'retreat' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:L', revealed: true },
        { id: 'u2', side: 'union', type: 'infantry', cv: 3, cell: 'union:C' },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
      ],
    });
    s = apply(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'N' }).state;
    s = apply(s, 'union', { type: 'end-phase' }).state;
    expect(unit(s, 'u1')).toMatchObject({
      place: { kind: 'adjacent', hexside: 'N' },
      revealed: false,
      disruptedThroughDay: 1,
    });
  });
});

describe('B10.4, B10.5 naval invasion battles', () => {
  const landing = () =>
    fixtureBattle({
      navalPort: 'Ft. Monroe',
      attackerHexsides: [],
      phase: { name: 'retreat' },
      units: [
        { id: 'u1', side: 'union', type: 'infantry', cv: 3, cell: 'union:C', invader: true },
        {
          id: 'u2',
          side: 'union',
          type: 'infantry',
          cv: 3,
          cell: 'confederate:L',
          invader: true,
          revealed: true,
        },
        { id: 'u3', side: 'union', type: 'infantry', cv: 2, cell: 'union:R', invader: true },
        { id: 'c1', side: 'confederate', type: 'infantry', cv: 3, cell: 'confederate:C' },
        {
          id: 'c2',
          side: 'confederate',
          type: 'cavalry',
          cv: 3,
          cell: 'confederate:L',
          revealed: true,
        },
      ],
    });

  it('B10.5: invaders may retreat by sea to their port, without hexside limit; others may not', () => {
    const s = landing();
    const listed = battleLegalOrders(s, 'union').filter((o) => o.type === 'retreat');
    expect(listed).toEqual([
      { type: 'retreat', unit: 'u1', hexside: 'naval' },
      { type: 'retreat', unit: 'u2', hexside: 'naval' },
      { type: 'retreat', unit: 'u3', hexside: 'naval' },
    ]);
    let r = apply(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'naval' });
    r = apply(r.state, 'union', { type: 'end-phase' });
    expect(unit(r.state, 'u1').place).toEqual({ kind: 'naval-retreat', port: 'Ft. Monroe' });
  });

  it('B10.5: invaders may also retreat by land into an adjacent friendly hex, not attacked across; never into an enemy one', () => {
    const s = landing();
    s.hexsides = [
      { id: 'N', terrain: 'clear', beyond: 'north', occupant: null, controller: 'union' },
      { id: 'S', terrain: 'clear', beyond: 'south', occupant: null, controller: 'confederate' },
      { id: 'E', terrain: 'clear', beyond: 'east', occupant: 'union' },
    ];
    s.units.push({ ...unit(s, 'u1'), id: 'u4', invader: undefined, cv: 1 });
    const listed = battleLegalOrders(s, 'union').filter(
      (o) => o.type === 'retreat' && (o.unit === 'u1' || o.unit === 'u4'),
    );
    // E: friendly by its blocks (no controller given); the non-invader has no route at all.
    expect(listed).toEqual([
      { type: 'retreat', unit: 'u1', hexside: 'N' },
      { type: 'retreat', unit: 'u1', hexside: 'E' },
      { type: 'retreat', unit: 'u1', hexside: 'naval' },
    ]);
    expect(refusal(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'S' })).toMatchObject({
      code: 'RETREAT_ROUTE_CLOSED',
      rule: '7.11',
    });
    expect(refusal(s, 'union', { type: 'retreat', unit: 'u4', hexside: 'N' })).toMatchObject({
      code: 'RETREAT_ROUTE_CLOSED',
    });
    let r = apply(s, 'union', { type: 'retreat', unit: 'u1', hexside: 'N' });
    r = apply(r.state, 'union', { type: 'end-phase' });
    expect(unit(r.state, 'u1').place).toEqual({ kind: 'adjacent', hexside: 'N' });
  });

  it('B10.5: an engaged invader retreating by sea suffers double Pursuit Fire', () => {
    let s = landing();
    s = apply(s, 'union', { type: 'retreat', unit: 'u2', hexside: 'naval' }).state;
    // c2 (cavalry, faster) pursues at F2 and c1 (enfilading from the Center, as fast) at F1, each twice
    const r = apply(s, 'union', { type: 'end-phase' }, Array(12).fill(6));
    const fires = r.events.filter((e) => e.type === 'pursuit-fire');
    expect(fires.map((e) => [e.unit, e.firepower, e.rule])).toEqual([
      ['c2', 2, '10.5'],
      ['c2', 2, '10.5'],
      ['c1', 1, '10.5'],
      ['c1', 1, '10.5'],
    ]);
  });

  it('B10.5: in a rout engaged invaders are eliminated, unengaged ones retreat by sea', () => {
    const s = landing();
    s.turnSide = 'confederate';
    s.phase = { name: 'moves' };
    unit(s, 'u1').place = { kind: 'cell', cell: 'union:reserve' };
    // c1 occupies the empty Union Center: the Union routs
    const r = apply(
      s,
      'confederate',
      { type: 'move', unit: 'c1', to: 'union:C' },
      Array(20).fill(6),
    );
    expect(unit(r.state, 'u2').place.kind).toBe('eliminated');
    expect(unit(r.state, 'u1').place).toEqual({ kind: 'naval-retreat', port: 'Ft. Monroe' });
    expect(unit(r.state, 'u3').place).toEqual({ kind: 'naval-retreat', port: 'Ft. Monroe' });
    expect(r.state.result?.victor).toBe('confederate');
  });

  it('B10.4 (A53): an invasion scenario lands USA infantry only and is not held to attack limits', () => {
    const doc = loadBattleScenario('block-first-manassas');
    const invasion: BlockBattleScenario = {
      ...doc,
      navalInvasion: { port: 'Alexandria' },
      hexsides: doc.hexsides.map((h) => ({ ...h, attackedAcross: false })),
    };
    expect(validateBattleScenario(invasion).map((p) => p.message)).toEqual([
      'a naval invasion lands infantry only (10.4)',
      'a naval invasion lands infantry only (10.4)',
    ]);
    const infantry: BlockBattleScenario = {
      ...invasion,
      units: invasion.units.filter(
        (u) => u.side !== 'union' || u.at !== 'battle' || u.type === 'infantry',
      ),
    };
    expect(validateBattleScenario(infantry)).toEqual([]);
    const s = newBattle(infantry, {}, seededDice('landing'));
    expect(s.navalPort).toBe('Alexandria');
    expect(s.units.filter((u) => u.invader).length).toBe(4);
  });
});
