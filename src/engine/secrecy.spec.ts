import {
  answerSealedRound,
  openSealedRound,
  sealedOrder,
  sealedRoundFor,
  stillToAnswer,
} from './secrecy';

describe('secrecy: sealed simultaneous answers', () => {
  it('each seat answers once; answers are held unseen by the other seat and the public until all are in', () => {
    const open = openSealedRound<number>('initiative-bid', '[3.1]', ['union', 'confederate']);
    expect(stillToAnswer(open)).toEqual(['union', 'confederate']);
    const first = answerSealedRound(open, 'confederate', 97);
    expect(first.complete).toBe(false);
    expect(stillToAnswer(first.round)).toEqual(['union']);
    expect(sealedRoundFor(first.round, 'union')).toMatchObject({
      answers: {},
      answered: ['confederate'],
    });
    expect(sealedRoundFor(first.round, null).answers).toEqual({});
    expect(sealedRoundFor(first.round, 'confederate').answers).toEqual({ confederate: 97 });
    expect(JSON.stringify(sealedRoundFor(first.round, 'union'))).not.toContain('97');
    expect(() => answerSealedRound(first.round, 'confederate', 4)).toThrow(/no answer to give/);
    const second = answerSealedRound(first.round, 'union', 1);
    expect(second.complete).toBe(true);
    expect(second.round.answers).toEqual({ confederate: 97, union: 1 });
    // The input round is never mutated.
    expect(open.answers).toEqual({});
  });

  it('a sealed order names its seat and case, nothing of its content', () => {
    expect(sealedOrder('union', '[3.1]')).toEqual({ type: 'sealed', side: 'union', rule: '[3.1]' });
  });
});
