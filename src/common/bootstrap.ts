import formbody from '@fastify/formbody';
import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from './config/config';
import { conditionalGet } from './conditional-get';
import { ProblemFilter } from './errors/problem.filter';
import { graphqlLandingPage } from './graphql-landing';
import { registerBodyParsers } from './http-adapter';
import { QuietStartupLogger } from './logging/quiet-startup.logger';
import { requestIdHook } from './request-id';
import { rejectNulInUrl } from './url-limits';
import { createValidationPipe } from './validation';

/**
 * The global set-up shared by main.ts and the tests (test/support/app.ts), so that
 * what the tests exercise is exactly what runs: pino logger, request id, body parsing
 * and its limits, conditional GETs (ETag, 304), the validation pipe, the problem+json
 * filter (Nest also hands it what fails before a handler runs, such as reading the
 * body), CORS and the GraphiQL landing page.
 * The app runs on Fastify (http-adapter.ts). Call before `app.init()`/`listen()`.
 */
export function configureApp(app: INestApplication): INestApplication {
  const fastifyApp = app as NestFastifyApplication;
  fastifyApp.useLogger(new QuietStartupLogger(app.get(Logger)));
  const fastify = fastifyApp.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', requestIdHook);
  const { corsOrigins } = app.get<AppConfig>(APP_CONFIG);
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
        'If-None-Match',
        'Last-Event-ID',
        'Prefer',
        'X-Request-Id',
      ],
      exposedHeaders: [
        'ETag',
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
  fastify.addHook('onRequest', graphqlLandingPage);
  fastify.addHook('onRequest', rejectNulInUrl);
  // ETag on GETs and 304 for If-None-Match, as under Express (conditional-get.ts).
  fastify.addHook('onSend', conditionalGet);
  registerBodyParsers(fastify);
  void fastifyApp.register(formbody as never);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  return app;
}
