import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The built service (`node dist/src/main.js`) as a child process, for the tests
 * and benchmarks that must treat it as a black box: kill it with SIGKILL mid-load,
 * restart it on the same database, put a proxy between it and PostgreSQL.
 *
 *   const svc = await startService({ databaseUrl });   // or { dataDir }
 *   await fetch(`${svc.url}/v1/games`, …);
 *   await svc.kill();                                  // SIGKILL
 *   const again = await startService({ databaseUrl }); // same database
 */

export const ROOT = join(__dirname, '..', '..', '..');
export const MAIN = join(ROOT, 'dist', 'src', 'main.js');

/**
 * Builds the service (`npm run build`) when dist/src/main.js is missing. `npm run
 * test:reliability` builds first, so the suite always runs the current code; running
 * one file by hand uses whatever dist/ holds (rebuild after changing src/).
 */
export function ensureBuilt(): void {
  if (existsSync(MAIN)) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServiceOptions {
  /** PostgreSQL URL; when absent the embedded database in `dataDir` is used. */
  databaseUrl?: string;
  /** Directory of the embedded database (ignored with databaseUrl). */
  dataDir?: string;
  /** Port; a free one when absent. */
  port?: number;
  /** Extra environment (e.g. THROTTLE_LIMIT). */
  env?: Record<string, string>;
  /** How long to wait for /health (ms). */
  startTimeoutMs?: number;
  /** Options for node itself, before the script (e.g. --cpu-prof for the benchmark's profile). */
  nodeArgs?: string[];
}

export interface Service {
  url: string;
  port: number;
  pid: number;
  process: ChildProcess;
  /** Everything the process wrote (stdout + stderr), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hooks, no flushing. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown). Resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Starts `node dist/src/main.js` and waits until GET /health answers 200. Rate
 * limiting is off (THROTTLE_LIMIT=0) unless `env` says otherwise; NODE_ENV is
 * production so the child does not rewrite src/schema.gql.
 */
export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.SERVICE_LOG_LEVEL ?? 'warn',
    THROTTLE_LIMIT: '0',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl ?? '',
    MUSTER_DATA_DIR: options.dataDir ?? '',
    ...options.env,
  };
  if (!options.databaseUrl) delete env.DATABASE_URL;
  if (!options.dataDir) delete env.MUSTER_DATA_DIR;
  delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the service exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`,
      );
    }
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not become healthy within the time limit:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url,
    port,
    pid: child.pid!,
    process: child,
    output: () => log,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
