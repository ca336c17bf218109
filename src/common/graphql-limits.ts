import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  parse,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type ParseOptions,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/**
 * The bounds of one GraphQL operation, over HTTP and over websockets alike.
 * Cost is computed by graphql-query-complexity from each field's `complexity`
 * (1 unless the field says more: legalOrders and the scenario documents are
 * expensive), so aliases of an expensive field add up: 8 aliases of
 * legalOrders answered 405 MiB before.
 */
export const GRAPHQL_LIMITS = {
  /** Tokens of the query text; graphql-js stops parsing beyond (keeps its recursive parser shallow). */
  maxTokens: 5_000,
  /** Nesting of selection sets. */
  maxSelectionDepth: 12,
  /** Nesting of literal values (input objects, lists) in the query text, like JSON bodies' 64 levels. */
  maxLiteralDepth: 64,
  /** Aliased fields in one operation. */
  maxAliases: 30,
  /** Cost of one operation. */
  maxComplexity: 1_000,
} as const;

export const GRAPHQL_PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

function refusal(code: string, message: string, name: string, value: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, limit: { name, value }, http: { status: 400 } },
  });
}

/** Depth of selection sets and of literal values, and the number of aliases, in one pass. */
function shapeOf(document: DocumentNode): { selection: number; literal: number; aliases: number } {
  let selection = 0;
  let literal = 0;
  let aliases = 0;
  let selectionNow = 0;
  let literalNow = 0;
  visit(document, {
    SelectionSet: {
      enter: () => void (selection = Math.max(selection, ++selectionNow)),
      leave: () => void selectionNow--,
    },
    ObjectValue: {
      enter: () => void (literal = Math.max(literal, ++literalNow)),
      leave: () => void literalNow--,
    },
    ListValue: {
      enter: () => void (literal = Math.max(literal, ++literalNow)),
      leave: () => void literalNow--,
    },
    Field: (node) => {
      if (node.alias) aliases++;
    },
  });
  return { selection, literal, aliases };
}

/** The first bound `document` breaks, as a GraphQL error with `extensions.code` and `limit`; undefined when within all. */
export function operationRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): GraphQLError | undefined {
  const shape = shapeOf(document);
  if (shape.selection > GRAPHQL_LIMITS.maxSelectionDepth) {
    return refusal(
      'QUERY_TOO_DEEP',
      `Selections are nested ${shape.selection} deep; at most ${GRAPHQL_LIMITS.maxSelectionDepth}.`,
      'maxSelectionDepth',
      GRAPHQL_LIMITS.maxSelectionDepth,
    );
  }
  if (shape.literal > GRAPHQL_LIMITS.maxLiteralDepth) {
    return refusal(
      'QUERY_TOO_DEEP',
      `A literal value is nested ${shape.literal} deep; at most ${GRAPHQL_LIMITS.maxLiteralDepth}.`,
      'maxLiteralDepth',
      GRAPHQL_LIMITS.maxLiteralDepth,
    );
  }
  if (shape.aliases > GRAPHQL_LIMITS.maxAliases) {
    return refusal(
      'TOO_MANY_ALIASES',
      `The operation has ${shape.aliases} aliases; at most ${GRAPHQL_LIMITS.maxAliases}.`,
      'maxAliases',
      GRAPHQL_LIMITS.maxAliases,
    );
  }
  let complexity: number;
  try {
    complexity = getComplexity({
      schema,
      query: document,
      variables,
      ...(operationName ? { operationName } : {}),
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch {
    // Unknown operation or bad variables: GraphQL's own validation answers that.
    return undefined;
  }
  if (complexity > GRAPHQL_LIMITS.maxComplexity) {
    return refusal(
      'QUERY_TOO_COMPLEX',
      `The operation costs ${complexity}; at most ${GRAPHQL_LIMITS.maxComplexity} (legalOrders costs 400, a scenario's documents 50 each).`,
      'maxComplexity',
      GRAPHQL_LIMITS.maxComplexity,
    );
  }
  return undefined;
}

/** The schema Apollo serves, kept for the websocket transport (graphql-ws has no plugins). */
let servedSchema: GraphQLSchema | undefined;

/** Apollo plugin: every HTTP operation within GRAPHQL_LIMITS, refused with 400 before it runs. */
export const graphqlLimitsPlugin: ApolloServerPlugin = {
  async serverWillStart({ schema }) {
    servedSchema = schema;
  },
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request, schema }) {
        const refused = operationRefusal(
          schema,
          document,
          request.variables,
          request.operationName,
        );
        if (refused) throw refused;
      },
    };
  },
};

/**
 * For graphql-ws `onSubscribe`: the same bounds for operations sent over a
 * websocket (parsed here with the same token limit), and whether the operation
 * is a subscription. `refused` set means the operation must not run.
 */
export function websocketOperationCheck(payload: {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}): { refused?: GraphQLError[]; isSubscription: boolean } {
  if (typeof payload.query !== 'string' || !servedSchema) return { isSubscription: false };
  let document: DocumentNode;
  try {
    document = parse(payload.query, GRAPHQL_PARSE_OPTIONS);
  } catch (e) {
    return {
      refused: [e instanceof GraphQLError ? e : new GraphQLError('The query cannot be parsed.')],
      isSubscription: false,
    };
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const isSubscription = operations.some(
    (d) =>
      d.operation === 'subscription' &&
      (typeof payload.operationName !== 'string' || d.name?.value === payload.operationName),
  );
  const refused = operationRefusal(
    servedSchema,
    document,
    (payload.variables as Record<string, unknown>) ?? {},
    typeof payload.operationName === 'string' ? payload.operationName : undefined,
  );
  return { ...(refused ? { refused: [refused] } : {}), isSubscription };
}
