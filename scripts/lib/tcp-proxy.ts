/**
 * A TCP proxy the e2e build talks to instead of the Firestore emulator, so a spec can take the database away
 * mid-session and give it back: `cut()` resets every open connection and every new one (the browser
 * sees what it sees when the emulator process dies: the connection refused or reset), `restore()` lets them through
 * again. The emulator keeps running with its data, and the test's own reads (FIRESTORE_EMULATOR_HOST) go around
 * the proxy. Chosen over stopping the emulator's Java process: a restart takes 10-30 s on a loaded machine, loses
 * every document (the emulator keeps nothing on disk) and may come back on a port someone else took.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Whether connections go through. */
  readonly open: boolean;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, host = '127.0.0.1'): Promise<TcpProxy> {
  let open = true;
  const sockets = new Set<net.Socket>();
  const drop = (socket: net.Socket) => {
    // RST rather than FIN: a dead server does not close politely.
    if (!socket.destroyed) socket.resetAndDestroy();
  };
  const server = net.createServer((client) => {
    if (!open) {
      drop(client);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', () => drop(upstream));
    upstream.on('error', () => drop(client));
    client.on('close', () => {
      forget();
      upstream.destroy();
    });
    upstream.on('close', () => {
      forget();
      client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    get open() {
      return open;
    },
    cut() {
      open = false;
      for (const socket of sockets) drop(socket);
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      for (const socket of sockets) drop(socket);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
