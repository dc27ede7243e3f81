import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { PageLoading } from '@/components/ui/spinner';
import { employeeFullName, isTechnicianRecord, type Employee } from '@/data/employee';
import type { EmployeeFormValue } from '@/domain/users/employee-form';
import { italianError } from '@/lib/firebase-errors';
import { useEmployeeDirectory } from '@/data/employee-directory';
import { useLiveDocument, useLiveQuery } from '@/lib/firebase-hooks';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { flushActivityLog, logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { shopEmployeesQuery } from '@/data/employee';
import { addEmployee, deleteEmployee, loadAccountants, shopDoc, updateEmployee, type AccountantCard } from './api';
import { EmployeeFormModal } from './components/employee-form-modal';
import { RegisterAccountantForm } from './components/register-accountant-form';
import './users.css';

const EMPTY_TEXT = 'Nessun utente o dipendente trovato per questo negozio.';
const NO_ACCOUNTANTS: AccountantCard[] = [];

type Editing = { employee: Employee | undefined } | undefined;

function sortByName(list: readonly Employee[]): Employee[] {
  return [...list].sort(
    (a, b) => (isTechnicianRecord(a) ? 1 : 0) - (isTechnicianRecord(b) ? 1 : 0) || employeeFullName(a).localeCompare(employeeFullName(b), 'it', { sensitivity: 'base' }),
  );
}

/**
 * /users (document 3 §2.7): the shop's accountants (email) and employees (name, email, role, 'Dipendente'). The
 * owner also registers accountants and adds, edits and deletes employees with their role and PIN — every write
 * logged, the PIN itself never. An accountant sees the list read-only.
 */
export default function UsersPage() {
  const uid = useSession((s) => s.uid);
  const level = useSession((s) => s.profile?.level);
  const shopId = useSession((s) => s.activeShopId);
  const isOwner = level === 'shop' && shopId !== undefined && shopId === uid;
  const shopRef = useMemo(() => (shopId ? shopDoc(shopId) : null), [shopId]);
  const shop = useLiveDocument(shopRef, shopId ?? '');
  // The owner reads the Employe documents live (PINs included: they edit them); an accountant gets the list
  // without PINs from the server (functions/src/employees.ts), since the rules keep PINs from everyone else.
  const employeesQuery = useMemo(() => (shopId && isOwner ? shopEmployeesQuery(shopId) : null), [shopId, isOwner]);
  const liveEmployees = useLiveQuery(employeesQuery, shopId ?? '');
  const directory = useEmployeeDirectory(shopId && !isOwner ? shopId : null);
  const employees = isOwner ? liveEmployees : directory;
  const accountantIds = shop.status === 'ready' ? (shop.data?.accountants ?? []) : undefined;
  // Bumped when a registration is acknowledged by the server: the live shop shows the new id before the write
  // is committed, and the rules check the committed list when the accountant's User document is read.
  const [accountantsRound, setAccountantsRound] = useState(0);
  const accountantsKey = accountantIds ? `${String(accountantsRound)}|${accountantIds.join('|')}` : undefined;
  const accountants = useLatestAnswer(accountantsKey, () => loadAccountants(accountantIds ?? []), NO_ACCOUNTANTS, italianError);

  const [registerOpen, setRegisterOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [deleting, setDeleting] = useState<Employee | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | undefined>(undefined);

  if (!shopId) return <p className="select-empty">Nessun negozio trovato per questo utente.</p>;
  const loading = shop.status === 'loading' || employees.status === 'loading' || accountants.loading;
  const loadError = shop.status === 'error' ? shop.error : employees.status === 'error' ? employees.error : undefined;
  const staff = employees.status === 'ready' ? sortByName(employees.data) : [];
  const accountantCards = accountants.value;

  const save = async (value: EmployeeFormValue) => {
    if (!editing) return;
    setBusy(true);
    setFormError(undefined);
    try {
      const current = editing.employee;
      const details = { name: employeeFullName(value), roleName: value.roleName, roleLevel: value.roleLevel, hasPin: value.pin !== '' };
      if (current) {
        await updateEmployee(current.id, value);
        logActivity({ action: 'employee_update', module: 'settings', details: { employeeId: current.id, ...details, pinChanged: (current.pin ?? '') !== value.pin } });
        setMessage({ kind: 'success', text: 'Dipendente aggiornato con successo.' });
      } else {
        const id = await addEmployee(shopId, value);
        logActivity({ action: 'employee_add', module: 'settings', details: { employeeId: id, ...details } });
        setMessage({ kind: 'success', text: 'Dipendente aggiunto con successo.' });
      }
      setEditing(undefined);
    } catch (error) {
      setFormError(`Errore nel salvataggio del dipendente: ${italianError(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      // The log lines naming this employee are saved first: once the Employe document is gone the rules refuse them.
      // A deleted employee is no longer the active one, so the deletion is not logged in its name.
      await flushActivityLog();
      await deleteEmployee(deleting.id);
      if (useSession.getState().activeEmployee?.employeeId === deleting.id) useSession.getState().setActiveEmployee(undefined);
      logActivity({ action: 'employee_delete', module: 'settings', details: { employeeId: deleting.id, name: employeeFullName(deleting), roleName: deleting.roleName } });
      setMessage({ kind: 'success', text: 'Dipendente eliminato.' });
    } catch (error) {
      setMessage({ kind: 'error', text: `Errore nell'eliminazione del dipendente: ${italianError(error)}` });
    } finally {
      setBusy(false);
      setDeleting(undefined);
    }
  };

  return (
    <section className="page users">
      <div className="users__head">
        <h1>Utenti</h1>
        {isOwner ? (
          <div className="users__actions">
            <button type="button" className="button" onClick={() => setRegisterOpen(true)}>
              Registra commercialista
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setFormError(undefined);
                setEditing({ employee: undefined });
              }}
            >
              Aggiungi dipendente
            </button>
          </div>
        ) : null}
      </div>
      <p role="status" className={message ? (message.kind === 'success' ? 'form-success' : 'form-error') : 'visually-hidden'}>
        {message?.text ?? ''}
      </p>
      {loading ? <PageLoading /> : null}
      {loadError ? (
        <p className="banner banner--error" role="alert">
          Errore nel caricamento degli utenti: {loadError}
        </p>
      ) : null}
      {!loading && !loadError && staff.length === 0 && accountantCards.length === 0 ? <p className="select-empty">{EMPTY_TEXT}</p> : null}

      {accountantCards.length > 0 ? (
        <>
          <h2 className="users__section-title">Commercialisti</h2>
          <ul className="user-cards">
            {accountantCards.map((card) => (
              <li key={card.id} className="card user-card" data-testid="accountant-card">
                <strong className="user-card__name">{card.user?.email || card.user?.name || card.id}</strong>
                {card.user ? null : <span className="muted">{card.error ? `Dati non disponibili: ${card.error}` : 'Account non trovato'}</span>}
                <span className="user-card__type">Commercialista</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {staff.length > 0 ? (
        <>
          <h2 className="users__section-title">Dipendenti</h2>
          <ul className="user-cards">
            {staff.map((employee) => {
              const technician = isTechnicianRecord(employee);
              return (
                <li key={employee.id} className="card user-card" data-testid="employee-card">
                  <strong className="user-card__name">{employeeFullName(employee) || employee.id}</strong>
                  <span className="muted">{employee.email ?? 'Email non indicata'}</span>
                  <span>
                    {employee.roleName || `Livello ${String(employee.roleLevel)}`}
                    {technician ? null : <span className="muted"> · livello {employee.roleLevel}</span>}
                    {employee.pin ? <span className="muted"> · con PIN</span> : null}
                  </span>
                  <span className="user-card__type">Dipendente</span>
                  {isOwner && !technician ? (
                    <div className="user-card__actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Modifica ${employeeFullName(employee)}`}
                        onClick={() => {
                          setFormError(undefined);
                          setEditing({ employee });
                        }}
                      >
                        Modifica
                      </button>
                      <button type="button" className="button button--ghost" aria-label={`Elimina ${employeeFullName(employee)}`} onClick={() => setDeleting(employee)}>
                        Elimina
                      </button>
                    </div>
                  ) : null}
                  {technician ? <span className="field-hint">Accesso del tecnico, gestito dal tecnico.</span> : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}

      <EmployeeFormModal
        open={editing !== undefined}
        employee={editing?.employee}
        busy={busy}
        error={formError}
        onSave={(value) => void save(value)}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title="Elimina dipendente"
        message={`Eliminare ${deleting ? employeeFullName(deleting) : ''}? Non potrà più essere scelto all'accesso.`}
        confirmLabel="Elimina"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(undefined)}
      />
      <Modal open={registerOpen} title="Registra commercialista" onClose={() => setRegisterOpen(false)}>
        <RegisterAccountantForm onDone={() => setAccountantsRound((n) => n + 1)} />
      </Modal>
    </section>
  );
}
