import {
  checkTimeControl,
  clockAfterOrder,
  clockView,
  flaggedAt,
  startClock,
  type TimeControl,
} from './time-control';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);
const live = (per: 'order' | 'player-turn'): TimeControl => ({
  kind: 'live',
  initialSeconds: 600,
  incrementSeconds: 10,
  incrementPer: per,
});

describe('time controls and clocks (src/clocks)', () => {
  it('checks a time control: correspondence days, live bank and increment; anything else is refused', () => {
    expect(checkTimeControl({ kind: 'correspondence', daysPerDecision: 3 })).toEqual({
      ok: true,
      tc: { kind: 'correspondence', daysPerDecision: 3 },
    });
    expect(checkTimeControl({ kind: 'live', initialSeconds: 60 })).toEqual({
      ok: true,
      tc: { kind: 'live', initialSeconds: 60, incrementSeconds: 0, incrementPer: 'order' },
    });
    expect(checkTimeControl({ kind: 'live', initialSeconds: 0 }).ok).toBe(false);
    expect(checkTimeControl({ kind: 'correspondence', daysPerDecision: 1.5 }).ok).toBe(false);
    expect(checkTimeControl({ kind: 'blitz' }).ok).toBe(false);
    expect(checkTimeControl({ kind: 'live', initialSeconds: 60, extra: 1 }).ok).toBe(false);
    expect(checkTimeControl(null).ok).toBe(false);
  });

  it('only the clock of the side that must act runs; it runs out at its flag time', () => {
    const clock = startClock(live('order'), ['confederate'], at(0));
    expect(clockView(clock, at(100))).toEqual({
      running: ['confederate'],
      remainingMs: { union: 600_000, confederate: 500_000 },
      flagAt: at(600).toISOString(),
      flagged: [],
    });
    expect(flaggedAt(clock, at(599))).toEqual([]);
    expect(flaggedAt(clock, at(600))).toEqual(['confederate']);
    expect(clockView(clock, at(700)).remainingMs.confederate).toBe(0);
  });

  it('both clocks run while both sides answer a sealed simultaneous decision', () => {
    const clock = startClock(live('order'), ['union', 'confederate'], at(0));
    expect(clockView(clock, at(30)).remainingMs).toEqual({ union: 570_000, confederate: 570_000 });
  });

  it('live, increment per order: the mover gets it after every order', () => {
    const c0 = startClock(live('order'), ['confederate'], at(0));
    const point = { mustAct: ['confederate' as const], phasing: 'confederate' as const, turn: 1 };
    const c1 = clockAfterOrder(live('order'), c0, 'confederate', point, point, at(50));
    expect(c1.remainingMs).toEqual({ union: 600_000, confederate: 560_000 });
    expect(c1.running).toEqual(['confederate']);
  });

  it('live, increment per Player-Turn: only when the mover’s Player-Turn ends', () => {
    const tc = live('player-turn');
    const c0 = startClock(tc, ['confederate'], at(0));
    const mid = { mustAct: ['confederate' as const], phasing: 'confederate' as const, turn: 1 };
    const c1 = clockAfterOrder(tc, c0, 'confederate', mid, mid, at(50));
    expect(c1.remainingMs.confederate).toBe(550_000);
    const passed = { mustAct: ['union' as const], phasing: 'union' as const, turn: 1 };
    const c2 = clockAfterOrder(tc, c1, 'confederate', mid, passed, at(60));
    expect(c2.remainingMs.confederate).toBe(550_000);
    expect(c2.running).toEqual(['union']);
    expect(clockView(c2, at(70)).remainingMs).toEqual({ union: 590_000, confederate: 550_000 });
  });

  it('correspondence: each decision gets the full allowance afresh when play passes to a side', () => {
    const tc: TimeControl = { kind: 'correspondence', daysPerDecision: 2 };
    const day = 86_400;
    const c0 = startClock(tc, ['confederate'], at(0));
    const before = { mustAct: ['confederate' as const], phasing: 'confederate' as const, turn: 1 };
    const after = { mustAct: ['union' as const], phasing: 'union' as const, turn: 1 };
    const c1 = clockAfterOrder(tc, c0, 'confederate', before, after, at(day));
    expect(c1.remainingMs).toEqual({ union: 2 * day * 1000, confederate: day * 1000 });
    expect(flaggedAt(c1, at(3 * day))).toEqual(['union']);
  });
});
