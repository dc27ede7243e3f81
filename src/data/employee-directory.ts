/**
 * The shop's employees without their PINs, and the PIN check, through the Cloud Functions employeeDirectory and
 * checkEmployeePin (functions/src/employees.ts). The rules let only the shop's owner session and admins
 * read Employe documents (PINs inside, the POS app's shape); accountants and technicians, and the employee choice
 * after the login, go through these calls, so no list of PINs ever reaches their browser.
 */
import { getDoc } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { callFunction } from '@/lib/firebase-callable';
import type { Loadable } from '@/lib/live-state';
import { employeeDoc, employeeFullName, UNKNOWN_EMPLOYEE, type Employee } from './employee';

/** Stands in for the PIN of an employee who has one, in lists that never carry the real PIN. */
export const PIN_HIDDEN = '••••';

interface DirectoryEmployee {
  id: string;
  name: string;
  surname?: string;
  email?: string;
  roleLevel: number;
  roleName: string;
  hasPin: boolean;
}

export async function loadEmployeeDirectory(shopId: string): Promise<Employee[]> {
  const answer = await callFunction<{ employees: DirectoryEmployee[] }>('employeeDirectory', { shopId });
  if (answer.kind !== 'ok') throw new Error(answer.message);
  return answer.value.employees.map((e) => ({
    id: e.id,
    userId: shopId,
    name: e.name,
    surname: e.surname,
    email: e.email,
    roleLevel: e.roleLevel,
    roleName: e.roleName,
    pin: e.hasPin ? PIN_HIDDEN : undefined,
  }));
}

const employeeNames = new Map<string, Promise<string>>();
const shopNames = new Map<string, Promise<ReadonlyMap<string, string>>>();

/** The shop's employees' names from the directory, once per shop (a failed call is asked again next time). */
function directoryNames(shopId: string): Promise<ReadonlyMap<string, string>> {
  let names = shopNames.get(shopId);
  if (!names) {
    names = loadEmployeeDirectory(shopId).then((list) => new Map(list.map((e) => [e.id, employeeFullName(e)])));
    names.catch(() => shopNames.delete(shopId));
    shopNames.set(shopId, names);
  }
  return names;
}

/**
 * The employee's name, read once per employee; 'Unknown' when missing or unreadable (document 2 §3, §8). The shop's
 * own session reads the Employe document; whoever the rules keep from it (the shop's accountant, its technician) gets
 * the name from the directory, which carries no PIN.
 */
export function employeeName(employeeId: string | undefined, shopId?: string): Promise<string> {
  if (!employeeId) return Promise.resolve(UNKNOWN_EMPLOYEE);
  let name = employeeNames.get(employeeId);
  if (!name) {
    name = getDoc(employeeDoc(employeeId)).then(
      (snapshot) => {
        const employee = snapshot.data();
        return employee ? employeeFullName(employee) || UNKNOWN_EMPLOYEE : UNKNOWN_EMPLOYEE;
      },
      async () => (shopId ? (await directoryNames(shopId).catch(() => undefined))?.get(employeeId) : undefined) || UNKNOWN_EMPLOYEE,
    );
    employeeNames.set(employeeId, name);
  }
  return name;
}

export type PinCheck = 'ok' | 'wrong' | 'locked' | { error: string };

export async function checkEmployeePin(shopId: string, employeeId: string, pin: string): Promise<PinCheck> {
  const answer = await callFunction<{ ok: boolean; locked?: boolean }>('checkEmployeePin', { shopId, employeeId, pin });
  if (answer.kind !== 'ok') return { error: answer.message };
  return answer.value.ok ? 'ok' : answer.value.locked ? 'locked' : 'wrong';
}

/** The directory of a shop as a Loadable (read once per shop and `round`); null shopId = nothing to load. */
export function useEmployeeDirectory(shopId: string | null, round = 0): Loadable<Employee[]> {
  const [state, setState] = useState<{ key: string; value: Loadable<Employee[]> }>({ key: '', value: { status: 'loading', data: undefined, error: undefined } });
  const key = `${shopId ?? ''}#${String(round)}`;
  useEffect(() => {
    if (!shopId) return;
    let live = true;
    loadEmployeeDirectory(shopId).then(
      (data) => live && setState({ key, value: { status: 'ready', data, error: undefined } }),
      (error: unknown) => live && setState({ key, value: { status: 'error', data: undefined, error: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [shopId, key]);
  return state.key === key ? state.value : { status: 'loading', data: undefined, error: undefined };
}
