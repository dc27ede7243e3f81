import { LockIcon } from '@/components/ui/icons';
import type { Employee } from '@/data/employee';
import { employeeDisplayName, employeeInitials, employeeRoleLabel, hasPin } from '../employee-list';

/** One selectable employee: initials, name and role (document 3 §2.7). The whole card is the button. */
export function EmployeeCard({ employee, onChoose }: { employee: Employee; onChoose: (employee: Employee) => void }) {
  const name = employeeDisplayName(employee);
  const role = employeeRoleLabel(employee);
  return (
    <button type="button" className="card employee-card" onClick={() => onChoose(employee)} data-testid="employee-card">
      <span className="employee-card__avatar" aria-hidden="true">
        {employeeInitials(employee)}
      </span>
      <span className="employee-card__name">{name}</span>
      <span className="employee-card__role">{role}</span>
      {hasPin(employee) ? (
        <span className="employee-card__pin muted">
          <LockIcon /> PIN richiesto
        </span>
      ) : null}
    </button>
  );
}
