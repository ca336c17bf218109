import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import accepts from 'accepts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problemType } from './errors/problem';

/** Where the landing page's scripts and styles are served, under the GraphQL path. */
const ASSETS_PATH = '/graphql/assets';

/**
 * The files the GraphiQL page loads, each served from its npm package (never a CDN, so
 * the page works offline): React 18 and GraphiQL 3's browser builds, and graphql-ws's
 * client for subscriptions over the same protocol the server speaks.
 */
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.js': {
    pkg: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript',
  },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
  'graphql-ws.js': { pkg: 'graphql-ws', file: 'umd/graphql-ws.min.js', type: 'text/javascript' },
};

/**
 * The page. Queries and mutations go over HTTP with the headers typed in GraphiQL's
 * header editor; subscriptions open a graphql-ws connection whose connection params carry
 * the same `authorization` header (that is where the subscription resolver reads the seat
 * token).
 */
export function graphiqlPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Muster GraphQL</title>
<style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>
<link rel="stylesheet" href="${ASSETS_PATH}/graphiql.css">
<script src="${ASSETS_PATH}/react.js"></script>
<script src="${ASSETS_PATH}/react-dom.js"></script>
<script src="${ASSETS_PATH}/graphql-ws.js"></script>
<script src="${ASSETS_PATH}/graphiql.js"></script>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script>
(function () {
  var httpUrl = location.origin + '/graphql';
  var wsUrl = httpUrl.replace(/^http/, 'ws');
  var httpFetcher = GraphiQL.createFetcher({ url: httpUrl });
  function authorizationOf(headers) {
    if (!headers) return undefined;
    for (var key in headers) if (key.toLowerCase() === 'authorization') return headers[key];
    return undefined;
  }
  function isSubscription(params) {
    try {
      var doc = GraphiQL.GraphQL.parse(params.query);
      return doc.definitions.some(function (d) {
        return d.kind === 'OperationDefinition' && d.operation === 'subscription' &&
          (!params.operationName || (d.name && d.name.value === params.operationName));
      });
    } catch (e) { return false; }
  }
  function fetcher(params, options) {
    if (!isSubscription(params)) return httpFetcher(params, options);
    var authorization = authorizationOf(options && options.headers);
    var client = graphqlWs.createClient({
      url: wsUrl,
      connectionParams: authorization ? { authorization: authorization } : {},
      lazy: true,
    });
    // An async iterator GraphiQL reads until the user stops the subscription.
    var queue = [], waiting = [], done = false;
    function push(item) { var w = waiting.shift(); if (w) w(item); else queue.push(item); }
    var dispose = client.subscribe(params, {
      next: function (value) { push({ value: value, done: false }); },
      error: function (error) { push({ value: { errors: [{ message: String(error && error.reason || error) }] }, done: false }); done = true; push({ value: undefined, done: true }); },
      complete: function () { done = true; push({ value: undefined, done: true }); },
    });
    var iterator = {
      next: function () {
        if (queue.length) return Promise.resolve(queue.shift());
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise(function (resolve) { waiting.push(resolve); });
      },
      return: function () { dispose(); client.dispose(); done = true; return Promise.resolve({ value: undefined, done: true }); },
    };
    iterator[Symbol.asyncIterator] = function () { return iterator; };
    return iterator;
  }
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      defaultQuery: '# Seat token: Headers tab, { "Authorization": "Bearer <token>" }\\n' +
        '# (subscriptions send it as graphql-ws connection param)\\n' +
        'query Scenarios {\\n  scenarios {\\n    id\\n    title\\n  }\\n}\\n',
    }),
  );
})();
</script>
</body>
</html>
`;
}

/** Reads each asset once, on first use. */
const assetCache = new Map<string, Buffer>();
function asset(name: string): Buffer {
  let body = assetCache.get(name);
  if (!body) {
    // The browser builds are not in the packages' `exports`: locate each package by its
    // package.json and read the file beside it.
    const { pkg, file } = ASSETS[name];
    body = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file));
    assetCache.set(name, body);
  }
  return body;
}

/**
 * Fastify onRequest hook serving the GraphiQL landing page at GET /graphql to browsers (an
 * Accept header that prefers HTML and no `query` parameter), and its assets. Everything
 * else passes through to Apollo, whose own landing page is disabled (see graphql.ts).
 */
export function graphqlLandingPage(
  request: FastifyRequest,
  reply: FastifyReply,
  next: () => void,
): void {
  const req = request.raw;
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === '/graphql' || path === '/graphql/') {
    if (
      new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).has('query') ||
      accepts(req).type(['application/json', 'text/html']) !== 'text/html'
    ) {
      return next();
    }
    void reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(graphiqlPage());
    return;
  }
  if (path.startsWith(`${ASSETS_PATH}/`)) {
    const name = path.slice(ASSETS_PATH.length + 1);
    if (!Object.hasOwn(ASSETS, name)) {
      void reply
        .code(404)
        .type(PROBLEM_CONTENT_TYPE)
        .send(
          JSON.stringify({
            type: problemType('NOT_FOUND'),
            title: 'Not found',
            status: 404,
            detail: `No landing-page asset "${name}".`,
            code: 'NOT_FOUND',
            instance: path,
            requestId: request.id,
          }),
        );
      return;
    }
    void reply
      .type(`${ASSETS[name].type}; charset=utf-8`)
      .header('Cache-Control', 'public, max-age=86400')
      .send(asset(name));
    return;
  }
  next();
}
