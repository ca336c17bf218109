import { ConfigError } from './config/config';
import { describeStartupFailure, formatStartupFailure } from './startup-failure';

describe('start-up failures: one format naming what to fix', () => {
  it('a bad setting lists every problem and says to fix the environment', () => {
    const text = formatStartupFailure(
      describeStartupFailure(new ConfigError(['PORT must be an integer (got "x")']), {}),
    );
    expect(text.split('\n')).toEqual([
      'Muster could not start: invalid configuration',
      '  - PORT must be an integer (got "x")',
      expect.stringMatching(/^Fix: correct the environment variables/),
    ]);
  });

  it('a busy port names the port and the way out', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use :::3000'), {
      code: 'EADDRINUSE',
    });
    const failure = describeStartupFailure(busy, { PORT: '3000' });
    expect(failure.what).toBe('port 3000 is already in use');
    expect(failure.fix).toMatch(/set PORT to a free port/);
  });

  it('an unreachable PostgreSQL, even wrapped, says to start it or unset DATABASE_URL', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = new AggregateError([refused], 'connection failed');
    const failure = describeStartupFailure(wrapped, { DATABASE_URL: 'postgres://h:5999/x' });
    expect(failure.what).toBe('the database cannot be reached');
    expect(failure.details).toEqual(['connect ECONNREFUSED 127.0.0.1:5999']);
    expect(failure.fix).toMatch(/unset it to use the embedded database/);
  });

  it('anything else keeps the same three parts and points to LOG_LEVEL=debug', () => {
    const text = formatStartupFailure(describeStartupFailure(new Error('boom'), {}));
    expect(text).toBe(
      'Muster could not start: an unexpected error\n  - boom\n' +
        'Fix: run again with LOG_LEVEL=debug to see the stack trace, and report it if it persists.',
    );
  });
});
