import { join } from 'node:path';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from './config/config';
import {
  GRAPHQL_PARSE_OPTIONS,
  graphqlLimitsPlugin,
  websocketOperationCheck,
} from './graphql-limits';
import type { WebsocketLimits } from './websocket-limits';

/** Path of the generated, committed GraphQL schema. */
export const SCHEMA_FILE = join(process.cwd(), 'src', 'schema.gql');

/**
 * Code-first GraphQL at /graphql (Apollo). Outside production the schema is written
 * to src/schema.gql at start-up (commit it); in production it stays in memory.
 * Every error carries `extensions.code` (see ProblemFilter for thrown exceptions).
 */
export function graphqlOptions(
  config: AppConfig,
  websocketLimits?: WebsocketLimits,
): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    path: '/graphql',
    autoSchemaFile: config.nodeEnv === 'production' ? true : SCHEMA_FILE,
    sortSchema: true,
    includeStacktraceInErrorResponses: false,
    // The request and its reply (the rate limit's Retry-After header is set on it).
    context: (req: FastifyRequest, res?: FastifyReply) => ({ req, res }),
    // Apollo's own landing page (the retired Playground, loaded from a CDN) is off:
    // GraphiQL is served from npm packages by graphql-landing.ts instead.
    playground: false,
    // Subscriptions (gameUpdated) over graphql-ws on the same path; the seat token,
    // when needed, travels in the connection params as `authorization`.
    subscriptions: {
      'graphql-ws': {
        // The same depth, alias and cost bounds as over HTTP (graphql-ws runs no Apollo plugin),
        // the same request budget, and caps on subscriptions (websocket-limits.ts).
        onSubscribe: async (ctx, id, payload) => {
          const { refused, isSubscription } = websocketOperationCheck(payload);
          if (refused) return refused;
          return (await websocketLimits?.admit(ctx, id, isSubscription)) ?? undefined;
        },
        onClose: (ctx) => websocketLimits?.closed(ctx),
        // Not in Nest's type of these options, passed on to graphql-ws as they are.
        ...({
          onComplete: (ctx: object, id: string) => websocketLimits?.release(ctx, id),
        } as object),
      },
    },
    // Bounds of each operation (src/common/graphql-limits.ts): token count at parse, then depth, aliases, cost.
    parseOptions: GRAPHQL_PARSE_OPTIONS,
    plugins: [graphqlLimitsPlugin],
    formatError: (formatted) => ({
      ...formatted,
      extensions: {
        ...formatted.extensions,
        code: formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR',
      },
    }),
  };
}
