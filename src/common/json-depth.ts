import type { IncomingMessage, ServerResponse } from 'node:http';

/** Deepest nesting of arrays/objects accepted in a JSON body. Real bodies (orders, scenarios, maps) use fewer than 10. */
export const MAX_JSON_DEPTH = 64;

/**
 * body-parser `verify` hook: refuses a JSON body nested deeper than {@link MAX_JSON_DEPTH}
 * before it is parsed. Recursive code downstream (Nest's ValidationPipe strips
 * prototype keys recursively; hashing; the engine) would otherwise overflow the stack
 * on `[[[[…]]]]` ten thousand deep and answer 500. Answers 400 problem+json instead.
 * One pass over the bytes, strings skipped.
 */
export function rejectDeepJson(_req: IncomingMessage, _res: ServerResponse, buffer: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) {
        const error = new Error(
          `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep; no request needs that.`,
        ) as Error & { status: number; type: string };
        error.status = 400;
        error.type = 'entity.verify.failed';
        throw error;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
}
