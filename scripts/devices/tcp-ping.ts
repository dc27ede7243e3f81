/**
 * What an iPad does with a ping task (document 3 §4 leaves it unshown; our choice): a real TCP connection
 * to ip:port. Connected = online, with the time the connection took; refused, unreachable or silent = an error
 * text in Italian, shown by the technician's ping tool as '❌ Errore: {text}'.
 */
import net from 'node:net';

export interface PingResult {
  success: boolean;
  latencyMs?: number;
  error?: string;
}

/** Well under the technician's 15-second timeout, so a silent host still gets an answer. */
export const CONNECT_TIMEOUT_MS = 5_000;

const MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'Connessione rifiutata (porta chiusa)',
  EHOSTUNREACH: 'Host non raggiungibile',
  ENETUNREACH: 'Rete non raggiungibile',
  ENOTFOUND: 'Indirizzo non trovato',
  EAI_AGAIN: 'Indirizzo non risolvibile',
  ECONNRESET: 'Connessione interrotta dal dispositivo',
};

export function describeSocketError(error: NodeJS.ErrnoException): string {
  return (error.code && MESSAGES[error.code]) ?? `Errore di connessione${error.code ? ` (${error.code})` : ''}`;
}

export function tcpPing(ip: string, port: number, timeoutMs = CONNECT_TIMEOUT_MS): Promise<PingResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: ip, port });
    const finish = (result: PingResult) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => finish({ success: true, latencyMs: Math.max(1, Math.round(performance.now() - started)) }));
    socket.once('timeout', () => finish({ success: false, error: `Nessuna risposta entro ${String(Math.round(timeoutMs / 1000))} s` }));
    socket.once('error', (error: NodeJS.ErrnoException) => finish({ success: false, error: describeSocketError(error) }));
  });
}
