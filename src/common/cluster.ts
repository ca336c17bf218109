import cluster, { type Worker } from 'node:cluster';
import type { LogFormat } from './config/config';

/** A worker that dies after serving is replaced; more deaths than this in a minute stop the service. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * WORKERS=n (issue 20): this process becomes the cluster's primary. It forks `n`
 * workers, each the whole service (main.ts bootstrap) with its own database pool,
 * all accepting on the one port (node:cluster hands the connections out in turn).
 * Nothing is shared in memory between them: the game row's version decides which
 * state is current (HotStates and the listing cache are keyed on it), the order's
 * transaction and row lock serialise racing orders across processes as across
 * instances, and live updates and rate-limit counters go through Redis (REDIS_URL,
 * required by loadConfig with WORKERS > 1).
 *
 * - A worker that fails before it listens (a database that does not answer, a busy
 *   port) stops the service: its own output says why, and starting more would fail alike.
 * - A worker that dies after it listened is replaced (at most MAX_RESTARTS_PER_MINUTE).
 * - SIGTERM/SIGINT are passed on to the workers, which shut down as one process would;
 *   the primary exits when the last one has. Killed outright, the primary takes the
 *   workers with it: a cluster worker exits when its channel to the primary closes.
 */
export function runPrimary(workers: number, logFormat: LogFormat): void {
  const log = (msg: string, level: 'info' | 'error' = 'info'): void => {
    const line =
      logFormat === 'json'
        ? JSON.stringify({
            level: level === 'info' ? 30 : 50,
            time: Date.now(),
            pid: process.pid,
            context: 'Cluster',
            msg,
          })
        : `${level === 'info' ? 'INFO' : 'ERROR'} [Cluster] ${msg}`;
    (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const alive = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const stopAll = (signal: NodeJS.Signals): void => {
    stopping = true;
    for (const w of alive()) if (!w.isDead()) w.process.kill(signal);
    if (alive().length === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (listening.size === workers)
      log(
        `${workers} workers listening (pids ${alive()
          .map((w) => w.process.pid)
          .join(', ')})`,
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker);
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ?? `code ${code}`;
    if (!served) {
      log(`worker ${worker.process.pid} stopped before it listened (${how}): stopping`, 'error');
      exitCode = 1;
      return stopAll('SIGTERM');
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log(
        `worker ${worker.process.pid} died (${how}), the ${restarts.length}th in a minute: stopping`,
        'error',
      );
      exitCode = 1;
      return stopAll('SIGTERM');
    }
    log(`worker ${worker.process.pid} died (${how}): starting another`, 'error');
    cluster.fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));

  log(`starting ${workers} workers`);
  for (let i = 0; i < workers; i++) cluster.fork();
}
