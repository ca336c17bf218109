import type { INestApplication, ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/common/bootstrap';
import { createHttpAdapter } from '../../src/common/http-adapter';
import {
  APP_CONFIG,
  AppConfig,
  IN_MEMORY_DATA_DIR,
  loadConfig,
} from '../../src/common/config/config';
import { createScratchDatabase, ScratchDatabase, testServerUrl } from './database';

export interface TestApp {
  /** The initialised Nest application (not listening: pass `app.getHttpServer()` to supertest). */
  app: INestApplication;
  /** The configuration the app runs with (database URL, data dir, …). */
  config: AppConfig;
  /** Closes the app, its database connections and the scratch database. Call in afterAll. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for the app's configuration (e.g. REDIS_URL). */
  env?: Record<string, string | undefined>;
  /** Extra modules to import beside AppModule (e.g. a test-only module). */
  imports?: ModuleMetadata['imports'];
  /** Extra controllers (e.g. a probe controller that throws, to test error handling). */
  controllers?: ModuleMetadata['controllers'];
  /** Extra providers. */
  providers?: ModuleMetadata['providers'];
  /** Hook to override providers before compiling, e.g. `(b) => b.overrideProvider(X).useValue(y)`. */
  customize?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

/**
 * Boots the real AppModule on a fresh, migrated database, with the same global set-up
 * as main.ts (configureApp). By default the database is an in-memory PGlite; when
 * TEST_DATABASE_URL or DATABASE_URL is set, a scratch database `muster_test_<random>`
 * is created on that server and dropped by `close()`. Boot once per test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 *   it('…', () => request(t.app.getHttpServer()).get('/health').expect(200));
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = testServerUrl();
  let scratch: ScratchDatabase | undefined;
  if (serverUrl) scratch = await createScratchDatabase(serverUrl);

  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    ...options.env,
    DATABASE_URL: scratch?.url ?? '',
    MUSTER_DATA_DIR: IN_MEMORY_DATA_DIR,
  });

  let app: INestApplication | undefined;
  try {
    let builder = Test.createTestingModule({
      imports: [AppModule, ...(options.imports ?? [])],
      controllers: options.controllers ?? [],
      providers: options.providers ?? [],
    })
      .overrideProvider(APP_CONFIG)
      .useValue(config);
    if (options.customize) builder = options.customize(builder);
    const moduleRef = await builder.compile();
    app = moduleRef.createNestApplication(createHttpAdapter(config), {
      bufferLogs: true,
      bodyParser: false,
    });
    configureApp(app);
    await app.init();
    // Fastify's plugins and routes are ready once its own `ready` has run (supertest needs them).
    await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }

  const started = app;
  let closing: Promise<void> | undefined;
  return {
    app: started,
    config,
    close() {
      closing ??= (async () => {
        try {
          await started.close();
        } finally {
          await scratch?.drop();
        }
      })();
      return closing;
    },
  };
}
