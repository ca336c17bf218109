import type { IncomingMessage } from 'node:http';

/**
 * Where a request's time goes, for the order path (issue 20): the spans a
 * handler measures (db, parse, rules, hash, view…) and the total since the
 * request arrived, sent as a `Server-Timing` header (W3C Server Timing) so
 * `npm run bench` can say where an order's time goes without a profiler.
 * What the total holds beyond the named spans is the framework's (routing,
 * body parsing, guards, pipes); serialising the answer comes after it.
 */
export class ServerTiming {
  private readonly spans = new Map<string, number>();
  private readonly notes = new Map<string, string>();
  private last: number;

  constructor(private readonly start = performance.now()) {
    this.last = start;
  }

  /** Restarts the lap clock (the time since the last lap belongs to no span). */
  skip(): void {
    this.last = performance.now();
  }

  /** Adds the time since the last lap to span `name`. */
  lap(name: string): void {
    const now = performance.now();
    this.spans.set(name, (this.spans.get(name) ?? 0) + (now - this.last));
    this.last = now;
  }

  /** A metric without a duration, `name;desc="text"` (the order path says which path took it). */
  note(name: string, text: string): void {
    this.notes.set(name, text);
  }

  /** The header value: each note and span, then `total` since the request arrived. */
  header(): string {
    const parts = [...this.notes].map(([n, text]) => `${n};desc="${text}"`);
    parts.push(...[...this.spans].map(([n, ms]) => `${n};dur=${ms.toFixed(2)}`));
    parts.push(`total;dur=${(performance.now() - this.start).toFixed(2)}`);
    return parts.join(', ');
  }
}

type TimedRequest = IncomingMessage & { timing?: ServerTiming };

/** The request's timing, started by requestIdMiddleware when the request arrived. */
export function timingOf(req: IncomingMessage): ServerTiming {
  const r = req as TimedRequest;
  r.timing ??= new ServerTiming();
  return r.timing;
}
