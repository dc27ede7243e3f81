import fs from 'node:fs';
import net from 'node:net';

/**
 * The ports freePort hands out: below the kernel's ephemeral range (Linux: 32768-60999), where the local end of
 * every outgoing connection is placed. A port taken from that range (listen(0)) sits unbound until the emulator
 * binds it, seconds later; meanwhile any client socket of the machine may get it as its local port, and the
 * emulator's listen fails with EADDRINUSE (seen once in four `npm start` on a fresh clone).
 */
function candidateRange(): [number, number] {
  let ephemeralStart = 32768;
  try {
    ephemeralStart = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralStart;
  } catch {
    // not Linux: the usual range
  }
  return [20000, Math.min(ephemeralStart, 32768) - 1];
}

/** Ports already handed out by this process: two picks in a row never get the same port before either binds it. */
const handedOut = new Set<number>();

/** A port that is free right now, outside the ephemeral range when possible (see candidateRange). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [low, high] = candidateRange();
  for (let i = 0; high > low && i < 50; i++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port) || !(await isPortFree(port, host))) continue;
    handedOut.add(port);
    return port;
  }
  const port = await osAssignedPort(host);
  handedOut.add(port);
  return port;
}

/** A port the OS says is free right now (bound to 0, then released). */
function osAssignedPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Polls an HTTP URL until it answers (any status) or the deadline passes (or `signal` gives up on it). */
export async function waitForHttp(url: string, timeoutMs: number, label: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${label} non risponde su ${url} dopo ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
