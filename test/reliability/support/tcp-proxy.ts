import { createServer, connect, Server, Socket } from 'node:net';

/**
 * A TCP proxy we control, between the service and PostgreSQL: `cut()` drops every
 * open connection and stops listening (new connections are refused, as when the
 * database server is down); `restore()` listens again on the same port. No need to
 * stop the real server, which other tests may be using.
 */
export interface TcpProxy {
  port: number;
  /** The given postgres:// URL with host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Connections accepted so far. */
  readonly accepted: number;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const onConnection = (client: Socket) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  let listening = true;

  const stopListening = async () => {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    port,
    get accepted() {
      return accepted;
    },
    urlFor(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      const closing = stopListening();
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closing;
    },
    async restore() {
      if (listening) return;
      server = createServer(onConnection);
      await listen(port);
      listening = true;
    },
    async close() {
      const closing = stopListening();
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closing;
    },
  };
}
