import 'reflect-metadata';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './common/bootstrap';
import { createHttpAdapter } from './common/http-adapter';
import { runPrimary } from './common/cluster';
import { APP_CONFIG, AppConfig, ConfigError, loadConfig } from './common/config/config';
import { describeStartupFailure, formatStartupFailure } from './common/startup-failure';
import { loadThrottleConfig } from './common/throttling.config';
import { ScenariosService } from './scenarios/scenarios.service';

/** How long an idle keep-alive connection stays open (see bootstrap). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function validateEnvironment(env: NodeJS.ProcessEnv): void {
  const problems: string[] = [];
  for (const load of [loadConfig, loadThrottleConfig]) {
    try {
      load(env);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems.push(...e.problems);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Where the server listens, as a person would type it, and on which interfaces. */
function listeningOn(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return String(address);
  const wildcard = address.address === '::' || address.address === '0.0.0.0';
  const host = wildcard
    ? 'localhost'
    : address.address.includes(':')
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}${wildcard ? ' (all interfaces)' : ''}`;
}

async function bootstrap(): Promise<void> {
  // Validate once, before anything else starts: every bad value (the rate limits' too) is
  // listed here in one clear message, not as a stack trace from inside Nest's injector.
  validateEnvironment(process.env);
  const { workers, logFormat, trustProxy } = loadConfig(process.env);
  if (workers > 1 && cluster.isPrimary) {
    // WORKERS=n: this process only forks and watches the workers (src/common/cluster.ts).
    runPrimary(workers, logFormat);
    return;
  }

  const app = await NestFactory.create(AppModule, createHttpAdapter({ trustProxy }), {
    bufferLogs: true,
    // Bodies are read by our parsers (http-adapter.ts registerBodyParsers), with their limits.
    bodyParser: false,
  });
  configureApp(app);
  // SIGINT/SIGTERM close TypeORM, then the embedded database, so its data reaches disk.
  app.enableShutdownHooks();
  const config = app.get<AppConfig>(APP_CONFIG);
  // Idle keep-alive connections outlive the clients' and proxies' own idle timeouts (60 s on common load
  // balancers, 4 s in Node's fetch): with Node's 5 s the server could close a connection just as a client,
  // late under load, sent its next request on it, which then failed with "other side closed".
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  // Every interface, as Node's own listen does (Fastify's default is localhost only):
  // IPv6 and IPv4 where the host has IPv6, IPv4 alone where it has not.
  try {
    await app.listen(config.port, '::');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw e;
    await app.listen(config.port, '0.0.0.0');
  }

  // What a person starting the service needs, in a few lines.
  const logger = app.get(Logger);
  // The shipped scenarios (custom uploads are listed by GET /v1/scenarios, page by page).
  const scenarios = app.get(ScenariosService).shippedSummaries();
  const bySystem = new Map<string, number>();
  for (const s of scenarios) bySystem.set(s.rules.system, (bySystem.get(s.rules.system) ?? 0) + 1);
  const systems = [...bySystem].map(([system, n]) => `${system} (${n})`).join(', ');
  const needCounters = scenarios.filter((s) => s.needsCounters === true).length;
  logger.log(`Listening on ${listeningOn(app.getHttpServer().address())}`, 'Muster');
  logger.log(
    `Rules systems: ${systems}; ${scenarios.length} scenarios, ${needCounters} need counters (GET /v1/scenarios)`,
    'Muster',
  );
  logger.log('Contract: /v1/openapi.yaml · GraphiQL: /graphql · health: /health', 'Muster');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`${formatStartupFailure(describeStartupFailure(error, process.env))}\n`);
  if (process.env.LOG_LEVEL?.trim().toLowerCase() === 'debug' && error instanceof Error) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
