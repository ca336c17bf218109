import { prefersMinimal } from './moves.controller';

describe('Prefer header (RFC 7240) on POST orders', () => {
  it.each([
    ['return=minimal', true],
    ['Return=Minimal', true],
    ['return="minimal"', true],
    ['respond-async, return=minimal; foo=bar', true],
    [' return = minimal ', true],
    ['return=representation', false],
    ['minimal', false],
    ['wait=10', false],
    ['', false],
  ])('%j asks for a minimal answer: %s', (header, expected) => {
    expect(prefersMinimal(header)).toBe(expected);
  });

  it('no header: the whole answer', () => {
    expect(prefersMinimal(undefined)).toBe(false);
  });
});
