import { HttpException, HttpStatus } from '@nestjs/common';

/** Media type of every REST error body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * An RFC 9457 problem document, extended with a machine-readable `code` and, for
 * rule violations, the case number of the rule (`rule: "6.13"`).
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  rule?: string;
  instance?: string;
  requestId?: string;
  /** Field-level problems (validation) or any other list of errors. */
  errors?: unknown[];
  /** Extension members (RFC 9457 §3.2), e.g. `details` of a failed health check. */
  [extension: string]: unknown;
}

/** The problem before the per-request members (`instance`, `requestId`) are added. */
export type BaseProblem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  rule?: string;
  errors?: unknown[];
  [extension: string]: unknown;
};

/** Default code and title for each status, used when nothing more specific is known. */
export const STATUS_CODES: Record<number, { code: string; title: string }> = {
  400: { code: 'BAD_REQUEST', title: 'Bad request' },
  401: { code: 'UNAUTHORIZED', title: 'Unauthorized' },
  403: { code: 'FORBIDDEN', title: 'Forbidden' },
  404: { code: 'NOT_FOUND', title: 'Not found' },
  405: { code: 'METHOD_NOT_ALLOWED', title: 'Method not allowed' },
  406: { code: 'NOT_ACCEPTABLE', title: 'Not acceptable' },
  409: { code: 'CONFLICT', title: 'Conflict' },
  413: { code: 'PAYLOAD_TOO_LARGE', title: 'Payload too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', title: 'Unsupported media type' },
  422: { code: 'UNPROCESSABLE_ENTITY', title: 'Unprocessable entity' },
  429: { code: 'TOO_MANY_REQUESTS', title: 'Too many requests' },
  500: { code: 'INTERNAL_ERROR', title: 'Internal server error' },
  503: { code: 'SERVICE_UNAVAILABLE', title: 'Service unavailable' },
};

/** The default code and title of a status (HTTP_<status> for one not listed). */
export function statusDefaults(status: number): { code: string; title: string } {
  return STATUS_CODES[status] ?? { code: `HTTP_${status}`, title: `HTTP ${status}` };
}

export function problemType(code: string): string {
  return `urn:muster:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}

export interface ProblemInit {
  status: number;
  /** Machine-readable, UPPER_SNAKE_CASE, e.g. "ALREADY_MOVED", "VERSION_CONFLICT" (docs/refusal-codes.md). */
  code: string;
  /** A sentence a person understands. */
  detail: string;
  /** Short summary of the problem type; defaults from the status. */
  title?: string;
  /** Case number of the rule an order breaks, e.g. "6.13". */
  rule?: string;
  errors?: unknown[];
  /** Further members to put in the body (must not clash with the ones above). */
  extensions?: Record<string, unknown>;
}

/**
 * Throw this anywhere (controllers, services, guards) to answer with a precise
 * application/problem+json body; over GraphQL it becomes an error whose
 * `extensions.code` is `code` (and `extensions.rule` is `rule`).
 *
 *   throw new ProblemException({ status: 409, code: 'VERSION_CONFLICT',
 *     detail: 'The game is at version 1, not 0.', extensions: { currentVersion: 1 } });
 */
export class ProblemException extends HttpException {
  readonly problem: BaseProblem;

  constructor(init: ProblemInit) {
    const defaults = statusDefaults(init.status);
    const problem: BaseProblem = {
      type: problemType(init.code),
      title: init.title ?? defaults.title,
      status: init.status,
      detail: init.detail,
      code: init.code,
      ...(init.rule !== undefined ? { rule: init.rule } : {}),
      ...(init.errors !== undefined ? { errors: init.errors } : {}),
      ...(init.extensions ?? {}),
    };
    super(problem, init.status);
    this.problem = problem;
  }
}

/** 503 for an unreachable database. */
export function databaseUnavailable(detail = 'The database is unavailable. Try again shortly.') {
  return new ProblemException({
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'DATABASE_UNAVAILABLE',
    detail,
  });
}
