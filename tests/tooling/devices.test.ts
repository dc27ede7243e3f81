/**
 * The device simulator's pieces (scripts/devices): the TCP ping against a listening and a closed local port, and
 * which tasks a simulated iPad answers, and which emulator it talks to beside `npm start`.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorHost, publishStartPorts, readStartPorts, type StartPorts } from '../../scripts/lib/start-ports';
import { decide, TASK_MAX_AGE_MS } from '../../scripts/devices/decide';
import { tcpPing } from '../../scripts/devices/tcp-ping';

async function listening(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('tcpPing', () => {
  it('a listening port is online with a latency of at least 1 ms', async () => {
    const server = await listening();
    const result = await tcpPing('127.0.0.1', server.port);
    await server.close();
    expect(result.success).toBe(true);
    expect(result.latencyMs).toBeGreaterThanOrEqual(1);
  });

  it('a closed port is refused, in Italian', async () => {
    const server = await listening();
    await server.close();
    expect(await tcpPing('127.0.0.1', server.port)).toEqual({ success: false, error: 'Connessione rifiutata (porta chiusa)' });
  });
});

describe('decide', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const fresh = { deviceId: 'ipad-1', fulfilled: false, createdAt: new Date(now.getTime() - 1000) };
  const online = { lastVersionUpdate: new Date(now.getTime() - 5 * 60_000) };
  const offline = { lastVersionUpdate: new Date(now.getTime() - 31 * 60_000) };
  const none = { all: false, devices: [] };

  it('an online iPad answers a fresh task; an offline one stays silent unless played explicitly', () => {
    expect(decide(fresh, online, none, now)).toEqual({ answer: true });
    expect(decide(fresh, offline, none, now).answer).toBe(false);
    expect(decide(fresh, offline, { all: true, devices: [] }, now)).toEqual({ answer: true });
    expect(decide(fresh, offline, { all: false, devices: ['ipad-1'] }, now)).toEqual({ answer: true });
  });

  it('stale, fulfilled or unknown-device tasks are never answered', () => {
    expect(decide({ ...fresh, createdAt: new Date(now.getTime() - TASK_MAX_AGE_MS - 1) }, online, none, now).answer).toBe(false);
    expect(decide({ ...fresh, fulfilled: true }, online, none, now).answer).toBe(false);
    expect(decide(fresh, undefined, { all: true, devices: [] }, now).answer).toBe(false);
  });
});

describe('the emulator beside npm start', () => {
  const ports = { projectId: 'demo-backoffice', firestoreHost: '127.0.0.1:23456', authHost: '127.0.0.1:23457', stubUrl: 'http://127.0.0.1:23458', appUrl: 'http://127.0.0.1:5174/login' };
  const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-ports-')), 'start-ports.json');

  it('reads the ports npm start published while it runs', () => {
    const file = tmp();
    publishStartPorts(ports, file);
    const published = readStartPorts(file);
    expect(published).toEqual({ pid: process.pid, ...ports });
    expect(emulatorHost({}, published)).toBe('127.0.0.1:23456');
  });

  it('FIRESTORE_EMULATOR_HOST wins; without npm start (no file, or one left by a process gone) the usual 8080', () => {
    const file = tmp();
    const left: StartPorts = { pid: 2 ** 22 + 1, ...ports };
    fs.writeFileSync(file, JSON.stringify(left));
    expect(readStartPorts(file)).toBeUndefined();
    expect(readStartPorts(path.join(path.dirname(file), 'none.json'))).toBeUndefined();
    expect(emulatorHost({}, undefined)).toBe('127.0.0.1:8080');
    expect(emulatorHost({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:9000' }, { pid: process.pid, ...ports })).toBe('127.0.0.1:9000');
  });
});
