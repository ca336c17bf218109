import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { BaseProblem, PROBLEM_CONTENT_TYPE, ProblemDetails } from './problem';
import { toProblem } from './to-problem';

/**
 * The one global exception filter. Over REST every error — thrown by our code, by
 * Nest (unknown route, validation), by body parsing or by the database — leaves as
 * application/problem+json. Over GraphQL the same problem becomes a GraphQLError
 * whose `extensions` hold the problem's members (`code`, `status`, `rule`, and the
 * extension members such as `currentVersion` or `mustAct`).
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const problem = toProblem(exception);
    this.log(exception, problem.status);

    if (host.getType<string>() === 'graphql') {
      if (exception instanceof GraphQLError) return exception;
      // Every member REST sends (code, status, rule, errors and the extension members such
      // as currentVersion, mustAct, limit, retryAfter), so a client handles both alike.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { detail, type, title, ...members } = problem;
      return new GraphQLError(detail, { extensions: members });
    }

    if (host.getType() !== 'http') return undefined;
    const ctx = host.switchToHttp();
    sendProblem(ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>(), problem);
    return undefined;
  }

  private log(exception: unknown, status: number): void {
    if (status >= 500) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(exception instanceof Error ? exception.message : 'Non-error thrown', stack);
    } else if (!(exception instanceof HttpException)) {
      this.logger.debug(`Client error ${status}: ${(exception as Error)?.message}`);
    }
  }
}

/** The problem document as the answer to `request`, unless an answer has begun (then it is ended). */
function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: BaseProblem): void {
  const body: ProblemDetails = { ...problem, instance: request.url, requestId: String(request.id) };
  if (reply.raw.headersSent) {
    reply.raw.end();
    return;
  }
  const text = JSON.stringify(body);
  if (reply.sent) {
    // A handler that took the Node response (http-adapter.ts nodeResponse) and failed before writing.
    reply.raw.statusCode = problem.status;
    reply.raw.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
    reply.raw.end(text);
    return;
  }
  void reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(text);
}
