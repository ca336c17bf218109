import { ConfigError } from './config/config';

/** What went wrong at start-up, and what the person starting the service should do. */
export interface StartupFailure {
  what: string;
  details: string[];
  fix: string;
}

/** The system error code of an error or of any error it wraps (cause, AggregateError). */
function systemCode(
  error: unknown,
  depth = 0,
): { code: string; err: NodeJS.ErrnoException } | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const err = error as NodeJS.ErrnoException & { cause?: unknown; errors?: unknown[] };
  if (typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code)) return { code: err.code, err };
  for (const inner of [err.cause, ...(Array.isArray(err.errors) ? err.errors : [])]) {
    const found = systemCode(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every start-up failure in one shape: what failed, the details, and the fix, so
 * a bad setting, a busy port and an unreachable database read alike.
 */
export function describeStartupFailure(error: unknown, env: NodeJS.ProcessEnv): StartupFailure {
  if (error instanceof ConfigError) {
    return {
      what: 'invalid configuration',
      details: error.problems,
      fix: 'correct the environment variables above (README: Configuration) and start again.',
    };
  }
  const system = systemCode(error);
  if (system?.code === 'EADDRINUSE') {
    return {
      what: `port ${env.PORT?.trim() || '3000'} is already in use`,
      details: [system.err.message],
      fix: 'stop the other process on that port, or set PORT to a free port (PORT=0 picks one).',
    };
  }
  if (system && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(system.code)) {
    return {
      what: 'the database cannot be reached',
      details: [system.err.message],
      fix: env.DATABASE_URL
        ? 'start PostgreSQL at DATABASE_URL, correct DATABASE_URL, or unset it to use the embedded database.'
        : 'check that MUSTER_DATA_DIR is writable and not used by another running Muster.',
    };
  }
  if (system && ['EACCES', 'EPERM', 'EROFS'].includes(system.code)) {
    return {
      what: 'a file or port cannot be used',
      details: [system.err.message],
      fix: 'check the permissions of MUSTER_DATA_DIR, or use a PORT above 1023.',
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    what: 'an unexpected error',
    details: [message],
    fix: 'run again with LOG_LEVEL=debug to see the stack trace, and report it if it persists.',
  };
}

/** The failure as the lines printed on standard error. */
export function formatStartupFailure(failure: StartupFailure): string {
  return [
    `Muster could not start: ${failure.what}`,
    ...failure.details.map((d) => `  - ${d}`),
    `Fix: ${failure.fix}`,
  ].join('\n');
}
