import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Employee } from '@/data/employee';
import { PIN_MAX_DIGITS, ROLE_LEVEL_MAX, ROLE_LEVEL_MIN, validateEmployeeForm, type EmployeeFormErrors, type EmployeeFormInput, type EmployeeFormValue } from '@/domain/users/employee-form';

interface EmployeeFormModalProps {
  /** undefined = new employee. */
  employee: Employee | undefined;
  open: boolean;
  busy: boolean;
  error: string | undefined;
  onSave: (value: EmployeeFormValue) => void;
  onClose: () => void;
}

function initial(employee: Employee | undefined): EmployeeFormInput {
  return {
    name: employee?.name ?? '',
    surname: employee?.surname ?? '',
    email: employee?.email ?? '',
    roleLevel: String(employee && employee.roleLevel >= ROLE_LEVEL_MIN ? Math.min(employee.roleLevel, ROLE_LEVEL_MAX) : 1),
    roleName: employee?.roleName ?? '',
    pin: employee?.pin ?? '',
  };
}

const LEVELS = Array.from({ length: ROLE_LEVEL_MAX - ROLE_LEVEL_MIN + 1 }, (_, i) => String(i + ROLE_LEVEL_MIN));

/** Add or edit an employee (`Employe`): name, surname, email, role level 1–10, role name, optional PIN. */
export function EmployeeFormModal(props: EmployeeFormModalProps) {
  return (
    <Modal open={props.open} title={props.employee ? 'Modifica dipendente' : 'Nuovo dipendente'} onClose={props.onClose}>
      {/* Keyed so that each opening starts from the employee's stored values. */}
      <EmployeeForm key={props.employee?.id ?? 'new'} {...props} />
    </Modal>
  );
}

function EmployeeForm({ employee, busy, error, onSave, onClose }: EmployeeFormModalProps) {
  const [input, setInput] = useState<EmployeeFormInput>(() => initial(employee));
  const [errors, setErrors] = useState<EmployeeFormErrors>({});
  const set = (field: keyof EmployeeFormInput) => (e: { target: { value: string } }) => setInput((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateEmployeeForm(input);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSave(result.value);
  };

  const field = (id: keyof EmployeeFormInput, label: string, control: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`employee-${id}`}>{label}</label>
      {control}
      {hint ? <span className="field-hint">{hint}</span> : null}
      {errors[id] ? (
        <span id={`employee-${id}-error`} className="field-error">
          {errors[id]}
        </span>
      ) : null}
    </div>
  );
  const aria = (id: keyof EmployeeFormInput) => ({
    id: `employee-${id}`,
    'aria-invalid': errors[id] !== undefined,
    'aria-describedby': errors[id] ? `employee-${id}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {field('name', 'Nome', <input {...aria('name')} required value={input.name} onChange={set('name')} data-autofocus autoComplete="off" />)}
      {field('surname', 'Cognome', <input {...aria('surname')} value={input.surname} onChange={set('surname')} autoComplete="off" />)}
      {field('email', 'Email (facoltativa)', <input {...aria('email')} type="email" value={input.email} onChange={set('email')} autoComplete="off" />)}
      {field('roleName', 'Ruolo', <input {...aria('roleName')} required value={input.roleName} onChange={set('roleName')} placeholder="Es. Cassiere" autoComplete="off" />)}
      {field(
        'roleLevel',
        'Livello del ruolo',
        <select {...aria('roleLevel')} value={input.roleLevel} onChange={set('roleLevel')}>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>,
        'Da 1 a 10.',
      )}
      {field(
        'pin',
        'PIN (facoltativo)',
        <input {...aria('pin')} type="password" inputMode="numeric" autoComplete="new-password" maxLength={PIN_MAX_DIGITS} value={input.pin} onChange={set('pin')} />,
        'Fino a 6 cifre. Se impostato, il dipendente lo inserisce quando si seleziona dopo l’accesso. Lascia vuoto per nessun PIN.',
      )}
      <div className="users-form__actions">
        <button type="button" className="button" onClick={onClose}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Salvataggio…' : 'Salva'}
        </button>
      </div>
    </form>
  );
}
