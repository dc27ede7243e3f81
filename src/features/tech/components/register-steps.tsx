import type { Pack } from '@/data/pack';
import type { Plan } from '@/data/plan';
import { EMPLOYEE_CAP, emptyEmployee, type EmployeeDraft, type RegistrationForm, type StepErrors } from '@/domain/tech/registration';
import { formatEuro } from '@/domain/money';

export interface StepProps {
  form: RegistrationForm;
  errors: StepErrors;
  set: (next: RegistrationForm) => void;
}

/** A labelled input with its error (linked by aria-describedby). */
function Field(props: { id: string; label: string; value: string; error?: string | undefined; onChange: (v: string) => void; type?: string; autoComplete?: string; inputMode?: 'numeric' | 'text' | 'tel' | 'email'; required?: boolean; maxLength?: number }) {
  const { id, label, value, error, onChange, type = 'text', autoComplete = 'off', inputMode, required = true, maxLength } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function UserStep({ form, errors, set }: StepProps) {
  return (
    <fieldset>
      <legend>Utente del negozio</legend>
      <Field id="reg-email" label="Email" type="email" autoComplete="off" value={form.email} error={errors.email} onChange={(email) => set({ ...form, email })} />
      <Field id="reg-password" label="Password" type="password" autoComplete="new-password" value={form.password} error={errors.password} onChange={(password) => set({ ...form, password })} />
      <Field id="reg-confirm" label="Conferma password" type="password" autoComplete="new-password" value={form.confirm} error={errors.confirm} onChange={(confirm) => set({ ...form, confirm })} />
    </fieldset>
  );
}

export function PlanStep({ form, errors, set, plans, packs }: StepProps & { plans: Plan[]; packs: Pack[] }) {
  const plan = plans.find((p) => p.id === form.planId);
  const choosePlan = (p: Plan) => set({ ...form, planId: p.id, packIds: form.packIds.filter((id) => !p.includedPacks.includes(id)) });
  const togglePack = (id: string, on: boolean) => set({ ...form, packIds: on ? [...form.packIds, id] : form.packIds.filter((x) => x !== id) });
  return (
    <>
      <fieldset aria-describedby={errors.planId ? 'reg-plan-error' : undefined}>
        <legend>Piano</legend>
        <ul className="choice-cards">
          {plans.map((p) => (
            <li key={p.id}>
              <label>
                <input type="radio" name="reg-plan" checked={form.planId === p.id} onChange={() => choosePlan(p)} />
                <span>
                  <strong>{p.name || p.id}</strong> — {formatEuro(p.price)}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {errors.planId ? (
          <p id="reg-plan-error" className="field-error" role="alert">
            {errors.planId}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={errors.packIds ? 'reg-packs-error' : undefined}>
        <legend>Pacchetti</legend>
        <ul className="choice-cards">
          {packs.map((p) => {
            const included = plan?.includedPacks.includes(p.id) ?? false;
            return (
              <li key={p.id}>
                <label>
                  <input type="checkbox" checked={included || form.packIds.includes(p.id)} disabled={included} onChange={(e) => togglePack(p.id, e.target.checked)} />
                  <span>
                    {p.name} — {included ? 'Incluso' : formatEuro(p.price)}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {errors.packIds ? (
          <p id="reg-packs-error" className="field-error" role="alert">
            {errors.packIds}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

export function ShopStep({ form, errors, set }: StepProps) {
  const s = form.shop;
  const field = (key: keyof typeof s, label: string, required = true, inputMode?: 'numeric' | 'tel') => (
    <Field id={`reg-shop-${key}`} label={label} value={s[key]} required={required} inputMode={inputMode} error={errors[`shop.${key}`]} onChange={(v) => set({ ...form, shop: { ...s, [key]: v } })} />
  );
  return (
    <fieldset>
      <legend>Dati del negozio</legend>
      <div className="grid-2">
        {field('name', 'Nome negozio')}
        {field('address', 'Indirizzo')}
        {field('city', 'Città')}
        {field('province', 'Provincia')}
        {field('zipCode', 'CAP', true, 'numeric')}
        {field('phone', 'Telefono', true, 'tel')}
        {field('partitaIva', 'Partita IVA', false, 'numeric')}
        {field('printerIp', 'IP stampante', false)}
      </div>
      <div className="checkbox">
        <input id="reg-openapi" type="checkbox" checked={form.openApi} onChange={(e) => set({ ...form, openApi: e.target.checked })} />
        <label htmlFor="reg-openapi">Configura OpenAPI (fatturazione elettronica) dopo la registrazione</label>
      </div>
    </fieldset>
  );
}

export function TechStep({ form, errors, set }: StepProps) {
  const t = form.tech;
  return (
    <fieldset>
      <legend>Profilo tecnico</legend>
      <Field id="reg-tech-name" label="Nome" required={false} value={t.name} onChange={(name) => set({ ...form, tech: { ...t, name } })} />
      <Field id="reg-tech-surname" label="Cognome" required={false} value={t.surname} onChange={(surname) => set({ ...form, tech: { ...t, surname } })} />
      <Field id="reg-tech-pin" label="PIN tecnico" inputMode="numeric" maxLength={4} value={t.pin} error={errors['tech.pin']} onChange={(pin) => set({ ...form, tech: { ...t, pin } })} />
    </fieldset>
  );
}

export function EmployeesStep({ form, errors, set, onRemoveLast, notice }: StepProps & { onRemoveLast: () => void; notice: string | null }) {
  const update = (i: number, patch: Partial<EmployeeDraft>) => set({ ...form, employees: form.employees.map((e, j) => (j === i ? { ...e, ...patch } : e)) });
  const remove = (i: number) => (form.employees.length <= 1 ? onRemoveLast() : set({ ...form, employees: form.employees.filter((_, j) => j !== i) }));
  return (
    <>
      {form.employees.map((e, i) => {
        const n = String(i);
        const err = (k: string) => errors[`employees.${n}.${k}`];
        return (
          <fieldset key={n}>
            <legend>Dipendente {i + 1}</legend>
            <div className="grid-2">
              <Field id={`reg-emp-${n}-name`} label="Nome" value={e.name} error={err('name')} onChange={(name) => update(i, { name })} />
              <Field id={`reg-emp-${n}-surname`} label="Cognome" value={e.surname} error={err('surname')} onChange={(surname) => update(i, { surname })} />
              <Field id={`reg-emp-${n}-pin`} label="PIN" inputMode="numeric" maxLength={6} value={e.pin} error={err('pin')} onChange={(pin) => update(i, { pin })} />
              <Field id={`reg-emp-${n}-level`} label="Livello ruolo (1-10)" type="number" value={e.roleLevel} error={err('roleLevel')} onChange={(roleLevel) => update(i, { roleLevel })} />
              <Field id={`reg-emp-${n}-role`} label="Nome ruolo" value={e.roleName} error={err('roleName')} onChange={(roleName) => update(i, { roleName })} />
            </div>
            <button type="button" className="button button--ghost" onClick={() => remove(i)}>
              Rimuovi dipendente {i + 1}
            </button>
          </fieldset>
        );
      })}
      {notice ? (
        <p className="field-error" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="button" className="button" disabled={form.employees.length >= EMPLOYEE_CAP} onClick={() => set({ ...form, employees: [...form.employees, { ...emptyEmployee(), roleLevel: '1', roleName: '' }] })}>
        Aggiungi dipendente
      </button>
      {form.employees.length >= EMPLOYEE_CAP ? <p className="field-hint">Al massimo {EMPLOYEE_CAP} dipendenti.</p> : null}
    </>
  );
}
