import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ProblemException } from './errors/problem';

export interface FieldProblem {
  /** Dotted path of the offending property, e.g. "order.hex". */
  property: string;
  /** One sentence per broken constraint. */
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const property = parent ? `${parent}.${e.property}` : e.property;
    const own: FieldProblem[] = e.constraints
      ? [{ property, messages: Object.values(e.constraints) }]
      : [];
    return [...own, ...flatten(e.children ?? [], property)];
  });
}

/**
 * The global ValidationPipe: strips nothing silently (unknown properties are an
 * error), transforms payloads into DTO instances, and reports every problem in one
 * 400 problem+json with code VALIDATION_FAILED and `errors: [{property, messages}]`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationProblem,
  });
}

/** 400 VALIDATION_FAILED listing every problem of class-validator's errors (the pipe's answer). */
export function validationProblem(errors: ValidationError[]): ProblemException {
  const problems = flatten(errors);
  return new ProblemException({
    status: 400,
    code: 'VALIDATION_FAILED',
    title: 'Validation failed',
    detail: problems.flatMap((p) => p.messages).join('; ') || 'The request is not valid.',
    errors: problems,
  });
}
