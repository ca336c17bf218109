import { ProblemException } from '../../common/errors/problem';
import type { FieldProblem } from '../../common/validation';

/** POST /v1/games/{id}/orders */
export interface SubmitOrderBody {
  /** The version the client decided on; 409 when the game has moved on. */
  expectedVersion: number;
  /** `{type, ...fields}`; its fields are checked by the engine (422 with the rule when refused). */
  order: Record<string, unknown>;
}

/**
 * The body of POST orders, checked as the global validation pipe would check
 * a class-validator DTO (the same 400 VALIDATION_FAILED, the same messages:
 * an integer expectedVersion ≥ 0, an object order, nothing else), without
 * class-transformer's deep copy of the order on the hottest path (issue 20).
 * The order's own fields are the engine's to check.
 */
export function checkSubmitOrder(body: unknown): SubmitOrderBody {
  const problems: FieldProblem[] = [];
  const b = (
    body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}
  ) as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (key !== 'expectedVersion' && key !== 'order')
      problems.push({ property: key, messages: [`property ${key} should not exist`] });
  }
  const version = b.expectedVersion;
  const versionMessages: string[] = [];
  if (typeof version !== 'number' || !Number.isInteger(version))
    versionMessages.push('expectedVersion must be an integer number');
  if (typeof version !== 'number' || !(version >= 0))
    versionMessages.push('expectedVersion must not be less than 0');
  if (versionMessages.length)
    problems.push({ property: 'expectedVersion', messages: versionMessages });
  const order = b.order;
  if (order === null || typeof order !== 'object' || Array.isArray(order))
    problems.push({ property: 'order', messages: ['order must be an object'] });
  if (problems.length > 0)
    throw new ProblemException({
      status: 400,
      code: 'VALIDATION_FAILED',
      title: 'Validation failed',
      detail: problems.flatMap((p) => p.messages).join('; '),
      errors: problems,
    });
  return { expectedVersion: version as number, order: order as Record<string, unknown> };
}
