import type { IncomingMessage } from 'node:http';

/** Deepest nesting of arrays/objects accepted in a JSON body. Real bodies (orders, scenarios, maps) use fewer than 10. */
export const MAX_JSON_DEPTH = 64;

/**
 * Most keys one JSON object of a request body may have. class-transformer (the
 * global ValidationPipe's `transform`) removes duplicate keys with a quadratic
 * scan: 150 000 keys in a game's free-form `options` took 22 s of CPU. 1000 keys
 * cost it about 1 ms; no order, option or replay entry needs more than a few dozen.
 */
export const MAX_OBJECT_KEYS = 1000;

/**
 * The one body that legitimately holds large objects: a custom scenario's map
 * lists the terrain of each hex by label (`map.hexes`, at most MAX_MAP_HEXES of
 * them, src/engine/scenario/bounds.ts). It is checked against the JSON Schemas,
 * never passed through class-transformer.
 */
export const MAX_SCENARIO_OBJECT_KEYS = 20_000;

/** A body bound's error, shaped as body-parser's were: ProblemFilter answers with its status and code. */
export interface BodyLimitError extends Error {
  status: number;
  type: string;
  problemCode: string;
  limit: { name: string; value: number };
}

function refuse(code: string, detail: string, limit: { name: string; value: number }): never {
  const error = new Error(detail) as BodyLimitError;
  error.status = 400;
  error.type = 'entity.verify.failed';
  error.problemCode = code;
  error.limit = limit;
  throw error;
}

/** Most keys per object for this request: the scenario upload's map may list up to MAX_SCENARIO_OBJECT_KEYS hexes. */
function keyLimitOf(req: IncomingMessage): number {
  const path = (req.url ?? '').split('?')[0].replace(/\/+$/, '');
  return req.method === 'POST' && path === '/v1/scenarios'
    ? MAX_SCENARIO_OBJECT_KEYS
    : MAX_OBJECT_KEYS;
}

const U0000 = [0x75, 0x30, 0x30, 0x30, 0x30]; // "u0000" after a backslash

/**
 * Refuses, before the body is parsed (http-adapter.ts), a JSON body
 * - nested deeper than {@link MAX_JSON_DEPTH} (recursive code downstream — Nest's
 *   ValidationPipe, hashing, the engine — would overflow the stack on `[[[[…]]]]`
 *   ten thousand deep and answer 500);
 * - with an object of more keys than {@link MAX_OBJECT_KEYS} (class-transformer's
 *   quadratic key scan would hold the event loop for seconds);
 * - with a NUL character (`\u0000`) in any string (no identifier, seed or text
 *   needs one; PostgreSQL refuses it in text and jsonb, which answered 500).
 * 400 problem+json naming the bound (`limit`). One pass over the bytes: a key is
 * counted at its colon, outside strings.
 */
export function checkJsonBody(req: IncomingMessage, buffer: Buffer): void {
  const maxKeys = keyLimitOf(req);
  // keys[d] counts the keys of the object open at depth d (arrays count none).
  const keys: number[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (U0000.every((b, k) => buffer[i + 1 + k] === b)) {
          refuse(
            'NUL_CHARACTER',
            'The JSON body holds a NUL character (\\u0000) in a string; no field accepts one.',
            {
              name: 'nulCharacters',
              value: 0,
            },
          );
        }
        i++;
      } else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) {
        refuse(
          'BODY_TOO_DEEP',
          `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep; no request needs that.`,
          { name: 'maxJsonDepth', value: MAX_JSON_DEPTH },
        );
      }
      keys[depth] = 0;
    } else if (c === 0x3a /* : */) {
      if (++keys[depth] > maxKeys) {
        refuse(
          'TOO_MANY_KEYS',
          `An object of the JSON body has more than ${maxKeys} keys; no field of this request needs that many.`,
          { name: 'maxObjectKeys', value: maxKeys },
        );
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
}
