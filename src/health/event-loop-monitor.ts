import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Event-loop delay (p99 over the window) above which the loop is reported `degraded`. */
export const EVENT_LOOP_DEGRADED_MS = 200;
/** Seconds each measurement window covers: the figures are of the last full window (or the current one at start). */
export const EVENT_LOOP_WINDOW_SECONDS = 10;

export interface EventLoopHealth {
  /** Always up while the process answers (readiness does not fail on a slow loop: the database decides). */
  status: 'up';
  /** Something holds the loop: the p99 delay is over EVENT_LOOP_DEGRADED_MS. */
  degraded: boolean;
  /** 99th percentile and largest delay of the loop, in ms, over the window. */
  delayP99Ms: number;
  delayMaxMs: number;
  windowSeconds: number;
}

/**
 * Measures how late the event loop runs (perf_hooks' histogram, 20 ms
 * resolution) in windows of EVENT_LOOP_WINDOW_SECONDS, so /health tells a
 * saturated loop apart from a database that does not answer: both used to show
 * as DATABASE_UNAVAILABLE, the ping timing out behind the blocked loop.
 */
export class EventLoopMonitor {
  private current: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private last: { p99: number; max: number } | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.current.enable();
    this.timer = setInterval(() => this.rotate(), EVENT_LOOP_WINDOW_SECONDS * 1000);
    this.timer.unref();
  }

  private rotate(): void {
    this.last = this.figures(this.current);
    this.current.reset();
  }

  private figures(h: IntervalHistogram): { p99: number; max: number } {
    // Recorded in ns; an empty histogram reports NaN/huge values: treat as no delay.
    const ms = (ns: number) => (Number.isFinite(ns) && h.count > 0 ? Math.round(ns / 1e5) / 10 : 0);
    return { p99: ms(h.percentile(99)), max: ms(h.max) };
  }

  read(): EventLoopHealth {
    const now = this.figures(this.current);
    // The worse of the last full window and the current one: a stall just ended still shows.
    const p99 = Math.max(now.p99, this.last?.p99 ?? 0);
    const max = Math.max(now.max, this.last?.max ?? 0);
    return {
      status: 'up',
      degraded: p99 > EVENT_LOOP_DEGRADED_MS,
      delayP99Ms: p99,
      delayMaxMs: max,
      windowSeconds: EVENT_LOOP_WINDOW_SECONDS,
    };
  }

  /** Forgets what was measured so far: the figures begin again from now. */
  restart(): void {
    this.current.reset();
    this.last = undefined;
  }

  stop(): void {
    clearInterval(this.timer);
    this.current.disable();
  }
}
