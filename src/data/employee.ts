/**
 * Employee, collection 'Employe' (document 1 §3, document 3 §3). roleLevel 1–10 is stored as text; the
 * technician's own record is an Employe with roleLevel 0 and roleName 'Tecnico'.
 */
import { deleteField, doc, getDocs, query, serverTimestamp, setDoc, updateDoc, where, type Query } from 'firebase/firestore';
import type { EmployeeFormValue } from '@/domain/users/employee-form';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, pick, toDate, toInt, toOptStr, toStr, type RawDoc } from './normalize';

export const TECHNICIAN_ROLE_LEVEL = 0;
export const TECHNICIAN_ROLE_NAME = 'Tecnico';

export interface Employee {
  id: string;
  /** The shop (owner's user id). */
  userId: string;
  name: string;
  surname?: string;
  email?: string;
  cf?: string;
  phone?: string;
  /** Digits as text; undefined when the employee has no PIN. */
  pin?: string;
  /** 0 = technician, 1–10 = staff levels; unreadable text reads as 1. */
  roleLevel: number;
  roleName: string;
  createdAt?: Date;
}

export function normalizeEmployee(id: string, raw: RawDoc): Employee {
  return {
    id,
    userId: toStr(pick(raw, 'userId', 'shopId')).trim(),
    name: toStr(raw.name).trim(),
    surname: toOptStr(raw.surname),
    email: toOptStr(raw.email),
    cf: toOptStr(pick(raw, 'cf', 'codiceFiscale')),
    phone: toOptStr(raw.phone),
    pin: toOptStr(raw.pin),
    roleLevel: Math.max(0, toInt(raw.roleLevel, 1)),
    roleName: toStr(raw.roleName).trim(),
    createdAt: toDate(raw.createdAt),
  };
}

export function isTechnicianRecord(e: Pick<Employee, 'roleLevel' | 'roleName'>): boolean {
  return e.roleLevel === TECHNICIAN_ROLE_LEVEL || e.roleName.toLowerCase() === TECHNICIAN_ROLE_NAME.toLowerCase();
}

/** Full name for cards and log entries ('Giulia Rossi'). */
export function employeeFullName(e: Pick<Employee, 'name' | 'surname'>): string {
  return [e.name, e.surname].filter(Boolean).join(' ');
}

export function toFirestoreEmployee(e: Employee): RawDoc {
  const { id: _id, ...fields } = e;
  // The POS app stores roleLevel as text (document 1 §3).
  return compact({ ...fields, roleLevel: String(e.roleLevel) });
}

export const employeeConverter = makeConverter('Employe', normalizeEmployee, toFirestoreEmployee);
export const employeesCol = () => typedCollection(COLLECTIONS.employee, employeeConverter);
export const employeeDoc = (id: string) => typedDoc(COLLECTIONS.employee, id, employeeConverter);

/** Every employee of one shop (its owner's user id), the technician's own record included. */
export function shopEmployeesQuery(shopId: string): Query<Employee> {
  return query(employeesCol(), where('userId', '==', shopId));
}

/** How the shop reaches the technician who installed it: the name and the e-mail or phone of their record. */
export interface TechnicianContact {
  name: string;
  email?: string;
  phone?: string;
}

/** The first technician record with a way to reach them, or undefined. */
export function technicianContact(employees: readonly Employee[]): TechnicianContact | undefined {
  const tech = employees.find((e) => isTechnicianRecord(e) && (e.email || e.phone));
  if (!tech) return undefined;
  return compact<TechnicianContact>({ name: employeeFullName(tech) || 'Il tecnico', email: tech.email, phone: tech.phone });
}

/** The technician of a shop, read by its owner (the rules let an owner read the shop's employees). */
export async function readTechnicianContact(shopId: string): Promise<TechnicianContact | undefined> {
  const snap = await getDocs(shopEmployeesQuery(shopId));
  return technicianContact(snap.docs.map((d) => d.data()));
}

export const UNKNOWN_EMPLOYEE = 'Unknown';

/** Written as the POS app stores employees: roleLevel as text, pin '' for none. */
function employeeFormFields(value: EmployeeFormValue) {
  return {
    name: value.name,
    surname: value.surname,
    roleLevel: String(value.roleLevel),
    roleName: value.roleName,
    pin: value.pin,
  };
}

/** A new employee of the shop from the form, with the server's clock; resolves with its id. */
export async function addEmployeeFromForm(shopId: string, value: EmployeeFormValue): Promise<string> {
  const ref = doc(employeesCol()).withConverter(null);
  await setDoc(ref, {
    userId: shopId,
    ...employeeFormFields(value),
    ...(value.email ? { email: value.email } : {}),
    createdAt: serverTimestamp(),
  });
  return ref.id;
}

/** The form's fields of an employee rewritten (an emptied e-mail deleted); the POS's other fields stay. */
export function saveEmployeeFromForm(employeeId: string, value: EmployeeFormValue): Promise<void> {
  return updateDoc(employeeDoc(employeeId), {
    ...employeeFormFields(value),
    email: value.email ? value.email : deleteField(),
    updatedAt: serverTimestamp(),
  });
}
