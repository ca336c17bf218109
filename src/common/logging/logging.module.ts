import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { levels } from 'pino';
import pretty from 'pino-pretty';
import { APP_CONFIG, AppConfig } from '../config/config';
import { requestId } from '../request-id';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAM = /token|secret|password|key|auth/i;

/** The request's path and query, with secret-looking query values masked. */
export function loggedUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAM.test(name)) params.set(name, '***');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * The request's path and query as the client sent them: @fastify/middie, which runs
 * pino-http, strips the path a middleware is mounted on from `req.url` while it runs
 * and keeps the whole one as `originalUrl`.
 */
function urlOf(req: IncomingMessage): string | undefined {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;
}

/**
 * Logs (pino). A person at a terminal reads one short coloured line per event
 * (pino-pretty); production and piped output stay one JSON object per line for log
 * collectors (LOG_FORMAT overrides the choice, see config.ts). Every request gets one id
 * (request-id.ts) carried as `req.id`; a request line holds its method, path, status and
 * time, never its headers (so never a seat token).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const threshold = levels.values[config.logLevel] ?? Number.POSITIVE_INFINITY;
        const options = {
          level: config.logLevel,
          genReqId: requestId,
          // Our serializers take the request and response themselves: wrapped, pino-http
          // would first copy every request through pino's own (all its headers), for
          // each request's child logger, only for these to keep three fields of it.
          wrapSerializers: false,
          serializers: {
            req: (req: IncomingMessage & { id?: string }) => ({
              id: req.id,
              method: req.method,
              url: loggedUrl(urlOf(req)),
            }),
            res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
          },
          // A level LOG_LEVEL leaves out is "silent": pino-http then skips the line's
          // message and object altogether, not only its writing (every request pays for them).
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
            const level =
              err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
            return levels.values[level] >= threshold ? level : 'silent';
          },
          customSuccessMessage: (req: IncomingMessage, res: ServerResponse, ms: number) =>
            `${req.method} ${loggedUrl(urlOf(req))} ${res.statusCode} ${Math.round(ms)} ms`,
          customErrorMessage: (req: IncomingMessage, res: ServerResponse) =>
            `${req.method} ${loggedUrl(urlOf(req))} ${res.statusCode} failed`,
          // Health probes every few seconds would drown the log.
          autoLogging: { ignore: (req: IncomingMessage) => urlOf(req) === '/health' },
        };
        if (config.logFormat === 'json') return { pinoHttp: options };
        const stream = pretty({
          colorize: process.stdout.isTTY === true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,context,req,res,responseTime',
          messageFormat: '{if context}[{context}] {end}{msg}',
          sync: true,
        });
        return { pinoHttp: [options, stream] };
      },
    }),
  ],
})
export class LoggingModule {}
