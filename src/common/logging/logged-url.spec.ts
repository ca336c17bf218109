import { loggedUrl } from './logging.module';

describe('request log lines', () => {
  it('keep the path and plain query parameters', () => {
    expect(loggedUrl('/v1/games/abc/events?after=12')).toBe('/v1/games/abc/events?after=12');
    expect(loggedUrl('/v1/scenarios')).toBe('/v1/scenarios');
  });

  it('mask the values of secret-looking query parameters', () => {
    expect(loggedUrl('/x?token=abc&after=3&apiKey=k')).toBe('/x?token=***&after=3&apiKey=***');
  });
});
