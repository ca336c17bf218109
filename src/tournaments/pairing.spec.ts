import { roundRobin, standings, swissRound, swissRounds, type SwissEntrant } from './pairing';

const key = (a: string, b: string) => [a, b].sort().join('-');

describe('tournament pairing and standings', () => {
  it('round-robin of 4: 3 rounds, every pair once, sides balanced (2–1) for everyone', () => {
    const rounds = roundRobin(['a', 'b', 'c', 'd']);
    expect(rounds).toHaveLength(3);
    const met = new Set<string>();
    const union = new Map<string, number>();
    for (const r of rounds) {
      expect(r.bye).toBeNull();
      expect(r.games).toHaveLength(2);
      const inRound = new Set<string>();
      for (const g of r.games) {
        expect(met.has(key(g.union, g.confederate))).toBe(false);
        met.add(key(g.union, g.confederate));
        inRound.add(g.union).add(g.confederate);
        union.set(g.union, (union.get(g.union) ?? 0) + 1);
      }
      expect(inRound.size).toBe(4);
    }
    expect(met.size).toBe(6);
    for (const p of ['a', 'b', 'c', 'd']) expect([1, 2]).toContain(union.get(p) ?? 0);
  });

  it('round-robin of 5: 5 rounds, one bye each, every pair once', () => {
    const rounds = roundRobin(['a', 'b', 'c', 'd', 'e']);
    expect(rounds).toHaveLength(5);
    expect(rounds.map((r) => r.bye).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    const met = new Set(rounds.flatMap((r) => r.games.map((g) => key(g.union, g.confederate))));
    expect(met.size).toBe(10);
  });

  const entrant = (
    id: string,
    score: number,
    seed: number,
    opponents: string[] = [],
    sideBalance = 0,
    hadBye = false,
  ): SwissEntrant => ({
    id,
    score,
    seed,
    opponents: new Set(opponents),
    sideBalance,
    hadBye,
  });

  it('Swiss: top down by score, no repeat pairing (backtracking), the bye to the lowest without one, sides by balance', () => {
    // a and b met already: a plays c; b plays d.
    const r = swissRound([
      entrant('a', 2, 1, ['b'], 1),
      entrant('b', 2, 2, ['a'], -1),
      entrant('c', 1, 3, ['d'], 0),
      entrant('d', 1, 4, ['c'], 0),
      entrant('e', 0, 5, [], 0, true),
    ]);
    expect(r).not.toBeNull();
    // e had a bye already: d (lowest without one) sits out.
    expect(r!.bye).toBe('d');
    const pairs = r!.games.map((g) => key(g.union, g.confederate)).sort();
    expect(pairs).toEqual([key('a', 'c'), key('b', 'e')]);
    // a has played Union more: he plays Confederate.
    expect(r!.games.find((g) => g.confederate === 'a')).toBeDefined();
    expect(r!.games.find((g) => g.union === 'b')).toBeDefined();
  });

  it('Swiss: null when every pairing would repeat', () => {
    expect(swissRound([entrant('a', 1, 1, ['b']), entrant('b', 0, 2, ['a'])])).toBeNull();
    expect(swissRounds(8)).toBe(3);
    expect(swissRounds(5)).toBe(3);
    expect(swissRounds(2)).toBe(1);
  });

  it('standings: points, Sonneborn-Berger then Buchholz for a round-robin, Buchholz first for Swiss', () => {
    const games = [
      {
        union: 'a',
        confederate: 'b',
        winner: 'union' as const,
        points: { union: 2, confederate: 0 },
      },
      {
        union: 'c',
        confederate: 'd',
        winner: 'confederate' as const,
        points: { union: 0, confederate: 1 },
      },
      { union: 'b', confederate: 'c', winner: null, points: { union: 0.25, confederate: 0.25 } },
      {
        union: 'd',
        confederate: 'a',
        winner: 'union' as const,
        points: { union: 2, confederate: 0 },
      },
    ];
    const s = standings(['a', 'b', 'c', 'd'], games, [], 'round-robin');
    expect(s.map((x) => [x.player, x.points])).toEqual([
      ['d', 3],
      ['a', 2],
      ['c', 0.25],
      ['b', 0.25],
    ]);
    const d = s[0];
    // d beat c (0.25) and a (2): SB 2.25, Buchholz 2.25.
    expect(d).toMatchObject({ wins: 2, losses: 0, sonnebornBerger: 2.25, buchholz: 2.25 });
    // b and c tie on points and on Sonneborn-Berger (each drew with the other: 0.125);
    // Buchholz decides: c met d (3) and b (0.25) = 3.25, b met a (2) and c (0.25) = 2.25.
    expect(s[2]).toMatchObject({ player: 'c', sonnebornBerger: 0.125, buchholz: 3.25 });
    const swiss = standings(['a', 'b', 'c', 'd'], games, [{ player: 'b', points: 1 }], 'swiss');
    expect(swiss.find((x) => x.player === 'b')).toMatchObject({ points: 1.25, byes: 1 });
  });
});
