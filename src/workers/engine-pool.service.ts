import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import { ProblemException } from '../common/errors/problem';
import { DEFAULT_RULES, type RulesRegistry } from '../engine/rules';
import { runEngineTask, type EngineResult, type EngineTask } from './engine-tasks';

export interface EnginePoolOptions {
  /** Worker threads (at most). */
  threads: number;
  /** Tasks waiting for a thread beyond which new ones are refused (503 ENGINE_BUSY). */
  maxQueue: number;
  /** Longest a task may run; then its thread is stopped and the request answered 503 ENGINE_TIMEOUT. */
  timeoutMs: number;
}

export const ENGINE_POOL_OPTIONS = Symbol('ENGINE_POOL_OPTIONS');

/**
 * One thread fewer than the cores (at least one), so the event loop keeps a core;
 * a queue of 32 tasks; 30 s a task (verifying the longest replay the bounds allow,
 * 10 000 entries, takes about 4 s on a quiet core).
 */
export const DEFAULT_ENGINE_POOL_OPTIONS: EnginePoolOptions = {
  threads: Math.max(1, availableParallelism() - 1),
  maxQueue: 32,
  timeoutMs: 30_000,
};

/**
 * The worker pool (piscina) for engine work that can take more than a few
 * milliseconds of CPU — verifying replays, drawing maps as SVG, checking
 * uploaded scenarios — so that it never blocks the event loop that answers
 * every other request, /health included. Bounded: a full queue is refused at
 * once and a task over its time is stopped (its thread is replaced).
 *
 * The built service's threads load the compiled worker module. Run from the
 * TypeScript sources (ts-jest, ts-node) a thread would need 6 s of CPU to
 * transpile the engine before its first task, so there the tasks run inline, on
 * the calling thread, with the same results and refusals; the reliability suite
 * (test/reliability/heavy-work.rel-spec.ts) measures the threads on the built
 * service.
 */
@Injectable()
export class EnginePool implements OnModuleDestroy {
  private readonly logger = new Logger(EnginePool.name);
  private readonly pool: Piscina<EngineTask, EngineResult> | undefined;
  readonly options: EnginePoolOptions;

  constructor(@Optional() @Inject(ENGINE_POOL_OPTIONS) options?: EnginePoolOptions) {
    this.options = options ?? DEFAULT_ENGINE_POOL_OPTIONS;
    this.pool =
      extname(__filename) === '.js'
        ? new Piscina({
            filename: join(__dirname, 'engine-worker.js'),
            minThreads: 0,
            maxThreads: this.options.threads,
            maxQueue: this.options.maxQueue,
            // Threads stay warm a minute after their last task (their JIT and scenario schemas with them).
            idleTimeout: 60_000,
          })
        : undefined;
  }

  private pending = 0;

  /** Tasks submitted and not finished, those of them waiting for a thread, and the threads alive (for /health). */
  get load(): { tasks: number; queued: number; threads: number } {
    return {
      tasks: this.pending,
      queued: this.pool?.queueSize ?? 0,
      threads: this.pool?.threads.length ?? 0,
    };
  }

  /**
   * Runs `task` on a worker thread: its result, or 503 ENGINE_BUSY /
   * ENGINE_TIMEOUT. The threads play DEFAULT_RULES; a caller given another
   * registry (a test's extra rules system) runs the task inline under it.
   */
  async run(task: EngineTask, registry: RulesRegistry = DEFAULT_RULES): Promise<EngineResult> {
    if (!this.pool || registry !== DEFAULT_RULES) return runEngineTask(task, registry);
    if (this.pool.queueSize >= this.options.maxQueue) throw busy(this.options.maxQueue);
    this.pending++;
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (e) {
      const err = e as Error & { name?: string; cause?: unknown };
      if (err?.name === 'AbortError' || err?.name === 'TimeoutError') {
        throw new ProblemException({
          status: 503,
          code: 'ENGINE_TIMEOUT',
          detail: `The ${task.kind} work took longer than ${this.options.timeoutMs / 1000} s and was stopped.`,
          extensions: { limit: { name: 'engineTaskTimeoutMs', value: this.options.timeoutMs } },
        });
      }
      if (/queue is at limit/i.test(err?.message ?? '')) throw busy(this.options.maxQueue);
      this.logger.error(`engine task ${task.kind} failed: ${err?.message}`, err?.stack);
      throw e;
    } finally {
      this.pending--;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close({ force: true });
  }
}

function busy(maxQueue: number): ProblemException {
  return new ProblemException({
    status: 503,
    code: 'ENGINE_BUSY',
    detail: `${maxQueue} heavy engine tasks are already waiting for a worker; try again shortly.`,
    extensions: { limit: { name: 'engineQueue', value: maxQueue } },
  });
}
