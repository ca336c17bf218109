import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from './config/config';
import { ProblemFilter } from './errors/problem.filter';
import { graphqlLandingPage } from './graphql-landing';
import { QuietStartupLogger } from './logging/quiet-startup.logger';
import { checkJsonBody } from './json-limits';
import { requestIdMiddleware } from './request-id';
import { rejectNulInUrl } from './url-limits';
import { createValidationPipe } from './validation';

/** Largest accepted JSON body (custom scenarios with a full map can be large). */
export const JSON_BODY_LIMIT = '5mb';

/**
 * The global set-up shared by main.ts and the tests (test/support/app.ts), so that
 * what the tests exercise is exactly what runs: pino logger, JSON body limit, the
 * validation pipe, the problem+json filter, CORS and the GraphiQL landing page. Call before `app.init()`/`listen()`.
 */
export function configureApp(app: INestApplication): INestApplication {
  const expressApp = app as NestExpressApplication;
  expressApp.useLogger(new QuietStartupLogger(app.get(Logger)));
  expressApp.disable('x-powered-by');
  expressApp.use(requestIdMiddleware);
  const { corsOrigins, trustProxy } = app.get<AppConfig>(APP_CONFIG);
  // TRUST_PROXY: behind a proxy, req.ip (the rate limits' key) is the client's from X-Forwarded-For.
  expressApp.set('trust proxy', trustProxy);
  if (corsOrigins.length > 0) {
    // Browser clients on other origins: preflight OPTIONS answered (204) with the
    // headers a client sends (seat token, idempotency key, SSE resume point) and the
    // ones it may read back.
    app.enableCors({
      origin: corsOrigins.includes('*') ? true : corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Idempotency-Key',
        'Last-Event-ID',
        'Prefer',
        'X-Request-Id',
      ],
      exposedHeaders: [
        'Location',
        'Retry-After',
        'X-Request-Id',
        'Idempotent-Replayed',
        'Preference-Applied',
        'Server-Timing',
      ],
      maxAge: 600,
    });
  }
  // GraphiQL at GET /graphql for browsers, served from npm packages (works offline).
  expressApp.use(graphqlLandingPage);
  expressApp.use(rejectNulInUrl);
  expressApp.useBodyParser('json', { limit: JSON_BODY_LIMIT, verify: checkJsonBody });
  expressApp.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: true });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  return app;
}
