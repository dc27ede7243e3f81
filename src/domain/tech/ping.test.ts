import { describe, expect, it } from 'vitest';
import { ENTER_IP, IDLE, pingBlocker, pingReducer, pingText, SELECT_SOURCE, type PingState } from './ping';

const pending: PingState = { status: 'pending', taskId: 't1', startedAt: 0 };

describe('pingReducer', () => {
  it('idle → pending on Ping, and no second start while pending', () => {
    const started = pingReducer(IDLE, { type: 'start', at: 5 });
    expect(started).toEqual({ status: 'pending', taskId: null, startedAt: 5 });
    expect(pingReducer(pending, { type: 'start', at: 9 })).toBe(pending);
    expect(pingReducer(started, { type: 'created', taskId: 'x' })).toEqual({ status: 'pending', taskId: 'x', startedAt: 5 });
  });

  it('pending → success or error when the task is fulfilled', () => {
    expect(pingReducer(pending, { type: 'answered', result: { success: true, latencyMs: 12.4 } })).toEqual({ status: 'success', latencyMs: 12 });
    expect(pingReducer(pending, { type: 'answered', result: { success: false, error: 'Connessione rifiutata' } })).toEqual({ status: 'error', message: 'Connessione rifiutata' });
    expect(pingReducer(pending, { type: 'answered', result: { success: false } })).toEqual({ status: 'error', message: 'Errore sconosciuto' });
    expect(pingReducer(pending, { type: 'answered', result: undefined })).toEqual({ status: 'error', message: 'Errore sconosciuto' });
  });

  it("pending → 'Timeout'; a late answer after a timeout or Annulla changes nothing", () => {
    const timedOut = pingReducer(pending, { type: 'timeout' });
    expect(timedOut).toEqual({ status: 'error', message: 'Timeout' });
    expect(pingReducer(timedOut, { type: 'answered', result: { success: true, latencyMs: 3 } })).toBe(timedOut);
    expect(pingReducer(pingReducer(pending, { type: 'cancel' }), { type: 'answered', result: { success: true } })).toEqual(IDLE);
  });

  it('Annulla only from pending; Reset only from success or error', () => {
    expect(pingReducer(pending, { type: 'cancel' })).toEqual(IDLE);
    expect(pingReducer(pending, { type: 'reset' })).toBe(pending);
    const ok: PingState = { status: 'success', latencyMs: 4 };
    expect(pingReducer(ok, { type: 'cancel' })).toBe(ok);
    expect(pingReducer(ok, { type: 'reset' })).toEqual(IDLE);
    expect(pingReducer({ status: 'error', message: 'x' }, { type: 'reset' })).toEqual(IDLE);
  });
});

describe('pingText and pingBlocker', () => {
  it('the status texts of the spec', () => {
    expect(pingText(IDLE)).toBe('');
    expect(pingText(pending)).toBe('In attesa risposta...');
    expect(pingText({ status: 'success', latencyMs: 7 })).toBe('✅ Online (7 ms)');
    expect(pingText({ status: 'error', message: 'Timeout' })).toBe('❌ Errore: Timeout');
    expect(pingText({ status: 'error', message: '' })).toBe('❌ Errore: Ping fallito');
  });

  it('a source iPad first, then an IP', () => {
    expect(pingBlocker(null, '1.2.3.4')).toBe(SELECT_SOURCE);
    expect(pingBlocker('ipad', ' ')).toBe(ENTER_IP);
    expect(pingBlocker('ipad', '192.168.1.50')).toBeNull();
  });
});
