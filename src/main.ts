import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './common/bootstrap';
import { APP_CONFIG, AppConfig, ConfigError, loadConfig } from './common/config/config';
import { loadThrottleConfig } from './common/throttling.config';

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

async function bootstrap(): Promise<void> {
  // Validate once, before anything else starts: every bad value (the rate limits' too) is
  // listed here in one clear message, not as a stack trace from inside Nest's injector.
  validateEnvironment(process.env);

  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  configureApp(app);
  // SIGINT/SIGTERM close TypeORM, then the embedded database, so its data reaches disk.
  app.enableShutdownHooks();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  app.get(Logger).log(`Muster listening on ${await app.getUrl()}`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Muster failed to start:', error);
  }
  process.exit(1);
});
