import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ProblemFilter } from './errors/problem.filter';
import { rejectDeepJson } from './json-depth';
import { requestIdMiddleware } from './request-id';
import { createValidationPipe } from './validation';

/** Largest accepted JSON body (custom scenarios with a full map can be large). */
export const JSON_BODY_LIMIT = '5mb';

/**
 * The global set-up shared by main.ts and the tests (test/support/app.ts), so that
 * what the tests exercise is exactly what runs: pino logger, JSON body limit, the
 * validation pipe and the problem+json filter. Call before `app.init()`/`listen()`.
 */
export function configureApp(app: INestApplication): INestApplication {
  const expressApp = app as NestExpressApplication;
  expressApp.useLogger(app.get(Logger));
  expressApp.disable('x-powered-by');
  expressApp.use(requestIdMiddleware);
  expressApp.useBodyParser('json', { limit: JSON_BODY_LIMIT, verify: rejectDeepJson });
  expressApp.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: true });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  return app;
}
