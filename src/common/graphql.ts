import { join } from 'node:path';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { AppConfig } from './config/config';

/** Path of the generated, committed GraphQL schema. */
export const SCHEMA_FILE = join(process.cwd(), 'src', 'schema.gql');

/**
 * Code-first GraphQL at /graphql (Apollo). Outside production the schema is written
 * to src/schema.gql at start-up (commit it); in production it stays in memory.
 * Every error carries `extensions.code` (see ProblemFilter for thrown exceptions).
 */
export function graphqlOptions(config: AppConfig): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    path: '/graphql',
    autoSchemaFile: config.nodeEnv === 'production' ? true : SCHEMA_FILE,
    sortSchema: true,
    includeStacktraceInErrorResponses: false,
    // Apollo's own landing page (the retired Playground, loaded from a CDN) is off:
    // GraphiQL is served from npm packages by graphql-landing.ts instead.
    playground: false,
    // Subscriptions (gameUpdated) over graphql-ws on the same path; the seat token,
    // when needed, travels in the connection params as `authorization`.
    subscriptions: { 'graphql-ws': true },
    formatError: (formatted) => ({
      ...formatted,
      extensions: {
        ...formatted.extensions,
        code: formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR',
      },
    }),
  };
}
