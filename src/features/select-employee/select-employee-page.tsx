import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import type { Employee } from '@/data/employee';
import { checkEmployeePin, useEmployeeDirectory } from '@/data/employee-directory';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { EmployeeCard } from './components/employee-card';
import { PinDialog } from './components/pin-dialog';
import { employeeDisplayName, employeeRoleLabel, hasPin, PIN_LOCKED, sortEmployees } from './employee-list';

/**
 * /select-employee: who is working at this shop (document 3 §2.7, §4). An employee with a PIN confirms it in a
 * dialog; one without is activated at once. The active employee is kept for the browser session, shown in the
 * top bar and stamped on every later log entry; the activation itself is logged as employee_login.
 */
export default function SelectEmployeePage() {
  const navigate = useNavigate();
  const shopId = useSession((s) => s.activeShopId);
  // Listed without PINs and checked on the server (functions/src/employees.ts): the PINs never reach the browser.
  const employees = useEmployeeDirectory(shopId ?? null);
  const [pinFor, setPinFor] = useState<Employee | undefined>(undefined);
  const sorted = useMemo(() => (employees.status === 'ready' ? sortEmployees(employees.data) : []), [employees]);

  const activate = (employee: Employee) => {
    const activeEmployee = { employeeId: employee.id, employeeName: employeeDisplayName(employee), employeeRole: employeeRoleLabel(employee) };
    // Set first: the log entry is stamped with the active employee.
    useSession.getState().setActiveEmployee(activeEmployee);
    logActivity({ action: 'employee_login', module: 'auth', details: { ...activeEmployee } });
    void navigate('/dashboard');
  };

  const choose = (employee: Employee) => {
    if (hasPin(employee)) setPinFor(employee);
    else activate(employee);
  };

  const checkPin = async (pin: string): Promise<boolean | string> => {
    const employee = pinFor;
    if (!employee || !shopId) return false;
    const answer = await checkEmployeePin(shopId, employee.id, pin);
    if (answer === 'wrong') return false;
    if (answer === 'locked') return PIN_LOCKED;
    if (answer !== 'ok') return answer.error;
    setPinFor(undefined);
    activate(employee);
    return true;
  };

  return (
    <section className="page select-employee">
      <h1>Seleziona dipendente</h1>
      {!shopId ? (
        <p className="form-error" role="alert">
          Nessun negozio attivo: accedi di nuovo.
        </p>
      ) : employees.status === 'loading' ? (
        <PageLoading label="Caricamento dipendenti…" />
      ) : employees.status === 'error' ? (
        <p className="form-error" role="alert">
          Errore nel caricamento dei dipendenti: {employees.error}
        </p>
      ) : sorted.length === 0 ? (
        <p className="select-empty" role="status">
          Nessun dipendente trovato per questo negozio.
        </p>
      ) : (
        <>
          <p className="muted">Scegli chi sta usando il back office.</p>
          <ul className="employee-grid" aria-label="Dipendenti">
            {sorted.map((employee) => (
              <li key={employee.id}>
                <EmployeeCard employee={employee} onChoose={choose} />
              </li>
            ))}
          </ul>
        </>
      )}
      <PinDialog employeeName={pinFor ? employeeDisplayName(pinFor) : undefined} onClose={() => setPinFor(undefined)} onSubmit={checkPin} />
    </section>
  );
}
