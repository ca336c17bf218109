import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../config/config';
import { requestId } from '../request-id';

/**
 * Structured JSON logs (pino). Every request gets one id (see request-id.ts) carried
 * as `req.id` on each log line of that request; authorization headers are redacted.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          genReqId: requestId,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          customLogLevel: (_req, res, err) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          // Health probes every few seconds would drown the log.
          autoLogging: { ignore: (req) => req.url === '/health' },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
