/**
 * Ping state per target (document 3 §4, §8, §9): idle → pending on Ping (needs a source iPad and an IP; never while
 * pending); pending → success or error when the task is fulfilled (error text from the result, else 'Errore
 * sconosciuto'); pending → error 'Timeout' after 15 s; Annulla returns pending to idle, Reset success/error to idle.
 */
export type PingState =
  | { status: 'idle' }
  | { status: 'pending'; taskId: string | null; startedAt: number }
  | { status: 'success'; latencyMs: number }
  | { status: 'error'; message: string };

export type PingEvent =
  | { type: 'start'; at: number }
  | { type: 'created'; taskId: string }
  | { type: 'answered'; result: { success: boolean; latencyMs?: number; error?: string } | undefined }
  | { type: 'failed'; message: string }
  | { type: 'timeout' }
  | { type: 'cancel' }
  | { type: 'reset' };

export const IDLE: PingState = { status: 'idle' };
export const PING_FAILED = 'Ping fallito';
export const SELECT_SOURCE = 'Seleziona un iPad sorgente';
export const ENTER_IP = "Inserisci l'indirizzo IP da pingare";

export function pingReducer(state: PingState, event: PingEvent): PingState {
  switch (event.type) {
    case 'start':
      return state.status === 'pending' ? state : { status: 'pending', taskId: null, startedAt: event.at };
    case 'created':
      return state.status === 'pending' && state.taskId === null ? { ...state, taskId: event.taskId } : state;
    case 'answered':
      if (state.status !== 'pending') return state;
      return event.result?.success
        ? { status: 'success', latencyMs: Math.round(event.result.latencyMs ?? 0) }
        : { status: 'error', message: event.result?.error?.trim() || 'Errore sconosciuto' };
    case 'failed':
      return state.status === 'pending' ? { status: 'error', message: event.message } : state;
    case 'timeout':
      return state.status === 'pending' ? { status: 'error', message: 'Timeout' } : state;
    case 'cancel':
      return state.status === 'pending' ? IDLE : state;
    case 'reset':
      return state.status === 'success' || state.status === 'error' ? IDLE : state;
  }
}

/** The status text of the spec: 'In attesa risposta...', '✅ Online (N ms)', '❌ Errore: message' ('Ping fallito'). */
export function pingText(state: PingState): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'pending':
      return 'In attesa risposta...';
    case 'success':
      return `✅ Online (${String(state.latencyMs)} ms)`;
    case 'error':
      return `❌ Errore: ${state.message || PING_FAILED}`;
  }
}

/** Why a ping cannot start, or null: a source iPad is needed, then an IP. */
export function pingBlocker(sourceDeviceId: string | null, ip: string): string | null {
  if (!sourceDeviceId) return SELECT_SOURCE;
  if (ip.trim() === '') return ENTER_IP;
  return null;
}
