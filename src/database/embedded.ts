import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { IN_MEMORY_DATA_DIR } from '../common/config/config';

/**
 * The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) served on a
 * loopback TCP port by @electric-sql/pglite-socket, so the application talks to it
 * with the very same `pg` driver and TypeORM `postgres` driver it uses for a real
 * server. See ARCHITECTURE.md, "Embedded database".
 *
 * PGlite has a single session. The socket server queues protocol messages from all
 * connections onto that one session, so TypeORM runs with a pool of ONE connection in
 * embedded mode (see data-source.ts): queries are serialised and a transaction owns
 * the session until it ends. The server accepts a few sockets only so that a pool
 * reconnect never races the clean-up of the previous socket.
 */
export interface EmbeddedDatabase {
  /** postgres:// URL of the socket server, e.g. postgres://postgres@127.0.0.1:41234/postgres */
  readonly url: string;
  readonly dataDir: string;
  /** Stops the socket server and closes PGlite (flushing its files). Idempotent. */
  stop(): Promise<void>;
}

const LOCK_FILE = 'muster.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Refuses to open a data directory another live process holds: two PGlites on one directory corrupt it. */
function takeLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. ` +
          'Stop that process first (only one process may open an embedded data directory), ' +
          'or set MUSTER_DATA_DIR to another directory.',
      );
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}

/**
 * Opens (creating it on first use) the embedded database in `dataDir` — or in memory
 * when `dataDir` is `memory://` — and serves it on 127.0.0.1 on a free port.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === IN_MEMORY_DATA_DIR;
  const releaseLock = inMemory ? () => undefined : takeLock(dataDir);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    db = inMemory ? new PGlite() : new PGlite(dataDir);
    await db.waitReady;
    // Port 0: the OS picks a free port, so a real PostgreSQL on 5432 is never disturbed.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
    await server.start();
  } catch (e) {
    await server?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    releaseLock();
    throw e;
  }
  const address = server.getServerConn(); // "127.0.0.1:PORT"
  const pglite = db;
  const socketServer = server;
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres@${address}/postgres`,
    dataDir,
    stop() {
      stopping ??= (async () => {
        try {
          await socketServer.stop();
        } finally {
          try {
            if (!pglite.closed) await pglite.close();
          } finally {
            releaseLock();
          }
        }
      })();
      return stopping;
    },
  };
}
