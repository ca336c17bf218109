import { act, classicGame, classicOrders, refused } from './classic.fixtures';

const FERRY = {
  '0401': { terrain: 'river' as const },
  '0402': { terrain: 'river' as const },
  '0403': { terrain: 'ferry' as const, crossing: ['0303', '0503'] },
  '0404': { terrain: 'river' as const },
  '0405': { terrain: 'river' as const },
  '0406': { terrain: 'river' as const },
  '0407': { terrain: 'river' as const },
  '0408': { terrain: 'river' as const },
};

const destinations = (orders: ReturnType<typeof classicOrders>, unit: string) =>
  orders
    .map((o) => o as { type: string; unit?: string; path?: string[] })
    .filter((o) => o.type === 'move' && o.unit === unit)
    .map((o) => o.path![o.path!.length - 1]);

describe('O5.0 movement, 1975', () => {
  it('O2.4, O5.0, O5.15: the Movement Allowance of all units is six: cavalry moves six clear hexes, not seven', () => {
    const { ctx, state } = classicGame([
      { id: 'cav', side: 'union', type: 'cavalry', hex: '0101' },
      { id: 'c', side: 'confederate', hex: '0808' },
    ]);
    expect(
      act(ctx, state, 'union', {
        type: 'move',
        unit: 'cav',
        path: ['0102', '0103', '0104', '0105', '0106', '0107'],
      }).state.units.cav.hex,
    ).toBe('0107');
    expect(
      refused(ctx, state, 'union', {
        type: 'move',
        unit: 'cav',
        path: ['0102', '0103', '0104', '0105', '0106', '0107', '0108'],
      }).code,
    ).toBe('EXCEEDS_ALLOWANCE');
  });

  it('O5.25: through a ford hexside into a forest hex costs four Movement Points', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0404' },
        { id: 'c', side: 'confederate', hex: '0808' },
      ],
      {
        hexes: { '0405': { terrain: 'forest' }, '0406': { terrain: 'forest' } },
        hexsides: [{ between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'ford' }] }],
      },
    );
    const moved = act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0405'] });
    expect(moved.events.find((e) => e.type === 'moved')!.mp).toBe('4');
    // 4 + 3 = 7 > 6: the forest beyond is out of reach.
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0405', '0406'] }).code,
    ).toBe('EXCEEDS_ALLOWANCE');
  });

  it('O6.2, O6.0: entering an Enemy controlled hex costs nothing extra, and the unit stops there', () => {
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    const r = act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403'] });
    expect(r.events.find((e) => e.type === 'moved')!.mp).toBe('2');
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403', '0303'] })
        .code,
    ).toBe('MOVES_AFTER_ENTERING_ENEMY_ZOC');
  });

  it('O5.13, O6.3: a unit in an Enemy controlled hex may not leave it in the Movement Phase', () => {
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0403' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    expect(refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402'] }).code).toBe(
      'EXITS_ENEMY_ZOC',
    );
    expect(destinations(classicOrders(ctx, state, 'union'), 'u')).toEqual([]);
  });

  it('O6.6: Zones of Control do not extend through a creek hexside without a bridge or ford', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0401' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      {
        hexsides: [{ between: ['0403', '0404'], features: [{ type: 'creek' }] }],
      },
    );
    // 0403 is not controlled: the unit may go on through it.
    expect(
      act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403', '0502'] }).state
        .units.u.hex,
    ).toBe('0502');
  });

  it('O5.12: a unit may never enter a hex containing an Enemy unit', () => {
    // Zones of Control never extend into a ferry hex (O6.6): the enemy on the far bank is reached through one.
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0303' },
        { id: 'c', side: 'confederate', hex: '0503' },
      ],
      { hexes: FERRY },
    );
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0403', '0503'] }).code,
    ).toBe('ENTERS_ENEMY_HEX');
  });

  it('O5.32, O5.31, O5.33: at most two units may end stacked in a hex; any number pass through friendly units at no cost', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', hex: '0202' },
      { id: 'b', side: 'union', hex: '0202' },
      { id: 'u', side: 'union', hex: '0201' },
      { id: 'c', side: 'confederate', hex: '0808' },
    ]);
    expect(refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0202'] }).code).toBe(
      'STACKING_LIMIT',
    );
    expect(
      act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0202', '0203'] }).state.units.u
        .hex,
    ).toBe('0203');
  });

  it('O5.24: a ferry hex is entered only along its arrows, never ended in, and only with the points to reach the far bank', () => {
    const hexes = FERRY;
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0303' },
        { id: 'c', side: 'confederate', hex: '0808' },
      ],
      { hexes },
    );
    expect(
      act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0403', '0503'] }).events.find(
        (e) => e.type === 'moved',
      )!.mp,
    ).toBe('4');
    expect(refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0403'] }).code).toBe(
      'ENDS_IN_FERRY',
    );
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0403', '0502'] }).code,
    ).toBe('FERRY_HEXSIDE');
    expect(destinations(classicOrders(ctx, state, 'union'), 'u')).toContain('0503');
    expect(destinations(classicOrders(ctx, state, 'union'), 'u')).not.toContain('0403');
    // Four MP spent first (forest 3, clear 1): 3 for the ferry and 1 for the bank do not fit.
    const far = classicGame(
      [
        { id: 'u', side: 'union', hex: '0301' },
        { id: 'c', side: 'confederate', hex: '0808' },
      ],
      {
        hexes: { ...hexes, '0302': { terrain: 'forest' } },
      },
    );
    expect(
      refused(far.ctx, far.state, 'union', {
        type: 'move',
        unit: 'u',
        path: ['0302', '0303', '0403', '0503'],
      }).code,
    ).toBe('EXCEEDS_ALLOWANCE');
  });

  it('O10.2: at Night units may not enter an Enemy controlled hex', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0401' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      {
        scenario: { nightTurns: [1] },
      },
    );
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403'] }).code,
    ).toBe('NIGHT_ENTERS_ENEMY_ZOC');
    expect(destinations(classicOrders(ctx, state, 'union'), 'u')).not.toContain('0403');
  });

  it('O11.2: an Ineffective unit may not enter an Enemy controlled hex; it moves normally elsewhere', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0401' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      {
        options: { attackEffectiveness: true },
      },
    );
    const s = {
      ...state,
      units: {
        ...state.units,
        u: { ...state.units.u, markers: { ineffective: true } as typeof state.units.u.markers },
      },
    };
    expect(refused(ctx, s, 'union', { type: 'move', unit: 'u', path: ['0402', '0403'] }).code).toBe(
      'INEFFECTIVE_ENTERS_ENEMY_ZOC',
    );
    expect(
      act(ctx, s, 'union', { type: 'move', unit: 'u', path: ['0301'] }).state.units.u.hex,
    ).toBe('0301');
  });

  it('O5.0: no strategic movement, Rally or fieldworks in 1975: those orders are refused', () => {
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'c', side: 'confederate', hex: '0808' },
    ]);
    expect(
      refused(ctx, state, 'union', { type: 'strategic-move', unit: 'u', path: ['0402'] }).code,
    ).toBe('NOT_IN_THESE_RULES');
    expect(refused(ctx, state, 'union', { type: 'build-breastworks', unit: 'u' }).code).toBe(
      'NOT_IN_THESE_RULES',
    );
  });

  it('O5.0: every listed move is accepted unchanged', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'u', side: 'union', hex: '0402' },
        { id: 'v', side: 'union', type: 'artillery', hex: '0302' },
        { id: 'c', side: 'confederate', hex: '0405' },
      ],
      {
        hexes: { '0303': { terrain: 'forest' }, '0503': { terrain: 'rough' } },
        routes: [{ type: 'road', hexes: ['0301', '0302', '0303', '0304'] }],
      },
    );
    const orders = classicOrders(ctx, state, 'union');
    expect(orders.length).toBeGreaterThan(10);
    for (const o of orders) if (o.type !== 'end-phase') act(ctx, state, 'union', o);
  });
});
