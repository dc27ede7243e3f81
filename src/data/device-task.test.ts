import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { normalizeDeviceTask, toFirestoreDeviceTask } from './device-task';
import { stored, storedCollection } from './test-seed';

describe('DeviceTask converter', () => {
  it('reads fulfilled, failed and pending pings', () => {
    expect(normalizeDeviceTask('task-ping-ok', stored('DeviceTask', 'task-ping-ok'))).toMatchObject({ userId: A.owner.uid, techId: A.tech.uid, action: 'ping', port: 80, fulfilled: true, result: { success: true, latencyMs: 12 } });
    expect(normalizeDeviceTask('task-ping-error', stored('DeviceTask', 'task-ping-error')).result).toEqual({ success: false, latencyMs: undefined, error: 'Host non raggiungibile' });
    const pending = normalizeDeviceTask('task-ping-pending', stored('DeviceTask', 'task-ping-pending'));
    expect(pending).toMatchObject({ fulfilled: false, result: undefined, port: 10000 });
  });

  it('defaults the port to 80 when missing or falsy', () => {
    expect(normalizeDeviceTask('x', { port: 0 }).port).toBe(80);
    expect(normalizeDeviceTask('x', { port: '' }).port).toBe(80);
  });

  it('round-trips', () => {
    for (const { id, raw } of storedCollection('DeviceTask')) {
      const first = normalizeDeviceTask(id, raw);
      expect(normalizeDeviceTask(id, toFirestoreDeviceTask(first))).toEqual(first);
    }
  });
});
