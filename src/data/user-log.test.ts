import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { storedCollection } from './test-seed';
import { normalizeUserLog, toFirestoreUserLog } from './user-log';

const logs = storedCollection('UserLog').map(({ id, raw }) => normalizeUserLog(id, raw));

describe('UserLog converter', () => {
  it('has the actions and modules of document 1 §9', () => {
    const actions = new Set(logs.map((l) => l.action));
    for (const a of ['product_add', 'product_delete', 'product_update', 'csv_import', 'warehouse_import', 'invoice_sent', 'file_upload', 'employee_login', 'login_success', 'cookie_consent_accept']) {
      expect(actions).toContain(a);
    }
    for (const m of ['warehouse', 'invoices', 'auth', 'general', 'privacy']) expect(logs.some((l) => l.module === m)).toBe(true);
  });

  it('reads the employee and the metadata', () => {
    const withEmployee = logs.filter((l) => l.employee);
    expect(withEmployee.every((l) => l.userId === A.roles.uid)).toBe(true);
    expect(withEmployee.find((l) => l.action === 'employee_login')?.employee).toEqual({ employeeId: 'emp-ruoli-giulia', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' });
    expect(logs[0]?.metadata).toMatchObject({ deviceType: 'desktop', os: 'macOS', dedupeWindow: 8000 });
    expect(logs[0]?.metadata.sessionId).toMatch(/^sess-/);
    expect(normalizeUserLog('x', { employee: { id: 'e', name: 'N', role: 'R' } }).employee).toEqual({ employeeId: 'e', employeeName: 'N', employeeRole: 'R' });
    expect(normalizeUserLog('x', { employee: {} }).employee).toBeUndefined();
  });

  it('round-trips', () => {
    for (const { id, raw } of storedCollection('UserLog')) {
      const first = normalizeUserLog(id, raw);
      expect(first.timestamp).toBeInstanceOf(Date);
      expect(normalizeUserLog(id, toFirestoreUserLog(first))).toEqual(first);
    }
  });
});
