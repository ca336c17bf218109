import { HttpException, HttpStatus } from '@nestjs/common';
import {
  BaseProblem,
  ProblemException,
  databaseUnavailable,
  problemType,
  statusDefaults,
} from './problem';

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

const CONNECTION_ERROR_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is not established',
  'connect ECONNREFUSED',
];

/** True when an error means "the database cannot be reached" rather than "this query is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const candidates: unknown[] = [error, (error as { driverError?: unknown }).driverError];
  for (const candidate of candidates) {
    if (!(candidate instanceof Error)) continue;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (CONNECTION_ERROR_MESSAGES.some((m) => candidate.message.includes(m))) return true;
  }
  return false;
}

function fromStatus(status: number, detail: string, extra: Partial<BaseProblem> = {}): BaseProblem {
  const defaults = statusDefaults(status);
  const code = typeof extra.code === 'string' ? extra.code : defaults.code;
  return {
    type: problemType(code),
    title: defaults.title,
    status,
    detail,
    ...extra,
    code,
  };
}

/** Body-parser errors (malformed JSON, too large, bad charset) carry a `type` and a 4xx `status`. */
function fromBodyParser(error: Error): BaseProblem | undefined {
  const e = error as { type?: unknown; status?: unknown; statusCode?: unknown };
  if (
    typeof e.type !== 'string' ||
    (!e.type.startsWith('entity.') && !e.type.endsWith('.unsupported'))
  ) {
    return undefined;
  }
  const status = Number(e.status ?? e.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499) return undefined;
  if (e.type === 'entity.parse.failed') {
    return fromStatus(400, `The request body is not valid JSON: ${error.message}`, {
      code: 'MALFORMED_JSON',
      title: 'Malformed JSON',
    });
  }
  // A bound of src/common/json-limits.ts: its own code, and the bound it names.
  const bound = error as { problemCode?: unknown; limit?: unknown };
  if (typeof bound.problemCode === 'string') {
    return fromStatus(status, error.message, {
      code: bound.problemCode,
      title: 'Request over a limit',
      ...(bound.limit !== undefined ? { limit: bound.limit } : {}),
    });
  }
  return fromStatus(status, error.message);
}

/**
 * Maps any thrown value to a problem document. Unknown errors become a 500 that
 * reveals nothing internal; database connection failures become 503.
 */
export function toProblem(error: unknown): BaseProblem {
  if (error instanceof ProblemException) return error.problem;

  if (error instanceof HttpException) {
    const status = error.getStatus();
    // A body-parser error wrapped by Nest keeps the original as `cause`.
    const parserProblem = error.cause instanceof Error ? fromBodyParser(error.cause) : undefined;
    if (parserProblem) return parserProblem;
    const response = error.getResponse();
    if (typeof response === 'string') return fromStatus(status, response);
    const body = response as { message?: unknown; error?: unknown; code?: unknown };
    const message = Array.isArray(body.message)
      ? body.message.join('; ')
      : typeof body.message === 'string'
        ? body.message
        : error.message;
    const extra: Partial<BaseProblem> = {};
    if (typeof body.code === 'string') extra.code = body.code;
    if (Array.isArray(body.message)) extra.errors = body.message;
    if (status === 400 && /JSON/.test(message) && /(Unexpected|position|parse)/i.test(message)) {
      return fromStatus(400, `The request body is not valid JSON: ${message}`, {
        code: 'MALFORMED_JSON',
        title: 'Malformed JSON',
      });
    }
    return fromStatus(status, message, extra);
  }

  if (error instanceof Error) {
    const parserProblem = fromBodyParser(error);
    if (parserProblem) return parserProblem;
    // A QueryFailedError's driverError is looked at too.
    if (isDatabaseUnavailable(error)) return databaseUnavailable().problem;
  }

  return fromStatus(HttpStatus.INTERNAL_SERVER_ERROR, 'An unexpected error occurred.', {
    code: 'INTERNAL_ERROR',
  });
}
