import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadConfig } from './config';

/**
 * Provides the validated {@link AppConfig} under {@link APP_CONFIG}. Tests replace it with
 * `overrideProvider(APP_CONFIG).useValue(...)` (see test/support/app.ts).
 */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig(process.env) }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
