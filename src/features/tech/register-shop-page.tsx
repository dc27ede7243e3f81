import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import type { Pack } from '@/data/pack';
import type { Plan } from '@/data/plan';
import type { PendingShop } from '@/domain/tech/pending-shops';
import {
  applyStepEdit, AT_LEAST_ONE_MS, emptyRegistration, prefillFromPending, REDIRECT_AFTER_MS, REGISTRATION_MESSAGES, STEP_TITLES, validateStep,
  type RegistrationForm, type StepErrors,
} from '@/domain/tech/registration';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { loadCatalog, registerShop } from './api-register';
import { EmployeesStep, PlanStep, ShopStep, TechStep, UserStep } from './components/register-steps';
import { useOwnerPin } from './use-tech-shops';
import './tech.css';

type Catalog = { status: 'loading' } | { status: 'error' } | { status: 'ready'; plans: Plan[]; packs: Pack[] };
type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string } | { kind: 'done'; uid: string; messages: string[]; openApiError?: string | undefined };

/**
 * /register-shop (document 1 §2, §4, §5, §8, §9): the 5-step wizard. A step goes forward only when it validates;
 * going back is always allowed and keeps what was typed. A failed submit keeps the form: submitting again completes
 * the same registration (see api-register.ts). Success redirects to / after 3 s.
 */
export default function RegisterShopPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const uid = useSession((s) => s.uid);
  const email = useSession((s) => s.email);
  const displayName = useSession((s) => s.profile?.displayName);
  const pending = (location.state as { pending?: PendingShop } | null)?.pending;
  const [form, setForm] = useState<RegistrationForm>(() => {
    const empty = emptyRegistration(displayName ?? '');
    return pending ? prefillFromPending(empty, pending) : empty;
  });
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<StepErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [catalog, setCatalog] = useState<Catalog>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  // The titolare's PIN is not in the list of pending entries: asked for this entry when it is opened.
  const ownerPin = useOwnerPin(pending, setForm);

  useEffect(() => {
    let current = true;
    loadCatalog()
      .then((c) => current && setCatalog({ status: 'ready', ...c }))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setCatalog({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), AT_LEAST_ONE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // After an OpenAPI failure the page stays, so that the technician reads why (the set-up can be repeated from the
  // shop's page, 'Crea configurazione OpenAPI').
  const redirect = outcome.kind === 'done' && outcome.openApiError === undefined;
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => void navigate('/'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [redirect, navigate]);

  const go = (next: number) => {
    setStep(next);
    setErrors({});
    heading.current?.focus();
  };

  const forward = () => {
    const found = validateStep(step, form);
    setErrors(found);
    if (Object.keys(found).length === 0) go(step + 1);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < STEP_TITLES.length - 1) return forward();
    const found = validateStep(step, form);
    setErrors(found);
    if (Object.keys(found).length > 0 || catalog.status !== 'ready' || !uid) return;
    const plan = catalog.plans.find((p) => p.id === form.planId);
    if (!plan) return go(1);
    setOutcome({ kind: 'busy' });
    const result = await registerShop(form, { uid, email: email ?? '' }, plan, catalog.packs);
    if (!result.ok) {
      setOutcome({ kind: 'failed', message: result.error });
      return;
    }
    logActivity({ action: 'shop_registered', module: 'shop', subject: result.uid, details: { shopId: result.uid, name: form.shop.name, plan: plan.id, packs: form.packIds, openApi: form.openApi } });
    const messages: string[] = [REGISTRATION_MESSAGES.success];
    let openApiError: string | undefined;
    if (result.openApi.kind === 'configured') {
      messages.push(REGISTRATION_MESSAGES.openApiSuccess);
      logActivity({ action: 'openapi_configured', module: 'shop', subject: result.uid, details: { shopId: result.uid } });
    } else if (result.openApi.kind === 'failed') {
      openApiError = `${REGISTRATION_MESSAGES.openApiFailure}: ${result.openApi.detail}`;
      logActivity({ action: 'openapi_config_error', module: 'shop', subject: result.uid, details: { shopId: result.uid, error: result.openApi.detail } });
    }
    setOutcome({ kind: 'done', uid: result.uid, messages, openApiError });
  }

  if (outcome.kind === 'done') {
    return (
      <section className="page tech">
        <h1>Registra negozio</h1>
        <div className="card wizard">
          {outcome.messages.map((m) => (
            <p key={m} className="form-success" role="status">
              {m}
            </p>
          ))}
          {outcome.openApiError ? (
            <p className="form-error" role="alert">
              {outcome.openApiError}
            </p>
          ) : null}
          {outcome.openApiError ? (
            <p>
              <Link to={`/shop-details/${encodeURIComponent(outcome.uid)}`}>Apri il negozio</Link> ·{' '}
              <Link to="/tech-dashboard">Torna alla dashboard</Link>
            </p>
          ) : (
            <p className="muted">Tra pochi secondi tornerai alla dashboard.</p>
          )}
        </div>
      </section>
    );
  }

  // Once a step showed its errors, they follow the typing (a corrected field loses its message at once).
  const update = (next: RegistrationForm) => {
    setForm((latest) => applyStepEdit(form, next, latest));
    if (Object.keys(errors).length > 0) setErrors(validateStep(step, next));
  };
  const stepProps = { form, errors, set: update };
  const last = step === STEP_TITLES.length - 1;
  return (
    <section className="page tech">
      <div className="tech__header">
        <h1>Registra negozio</h1>
        <Link to="/tech-dashboard">Torna alla dashboard</Link>
      </div>
      <ol className="wizard-steps" aria-label="Passaggi">
        {STEP_TITLES.map((title, i) => (
          <li key={title} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {title}
          </li>
        ))}
      </ol>
      {ownerPin.status === 'error' ? (
        <p className="banner banner--warning" role="alert">
          {ownerPin.message}
        </p>
      ) : null}
      <form className="card wizard" onSubmit={(e) => void submit(e)} noValidate>
        <h2 ref={heading} tabIndex={-1}>
          Passo {step + 1} di {STEP_TITLES.length}: {STEP_TITLES[step]}
        </h2>
        {step === 0 ? <UserStep {...stepProps} /> : null}
        {step === 1 ? (
          catalog.status === 'loading' ? (
            <PageLoading />
          ) : catalog.status === 'error' ? (
            <p className="banner banner--error" role="alert">
              {REGISTRATION_MESSAGES.planLoad}
            </p>
          ) : (
            <PlanStep {...stepProps} plans={catalog.plans} packs={catalog.packs} />
          )
        ) : null}
        {step === 2 ? <ShopStep {...stepProps} /> : null}
        {step === 3 ? <TechStep {...stepProps} /> : null}
        {step === 4 ? <EmployeesStep {...stepProps} notice={notice} onRemoveLast={() => setNotice(REGISTRATION_MESSAGES.atLeastOne)} /> : null}
        {outcome.kind === 'failed' ? (
          <p className="form-error" role="alert">
            {outcome.message}
          </p>
        ) : null}
        <div className="wizard__nav">
          <button type="button" className="button" disabled={step === 0 || outcome.kind === 'busy'} onClick={() => go(step - 1)}>
            Indietro
          </button>
          <button type="submit" className="button button--primary" disabled={outcome.kind === 'busy'}>
            {last ? (outcome.kind === 'busy' ? 'Registrazione in corso…' : 'Registra negozio') : 'Avanti'}
          </button>
        </div>
      </form>
    </section>
  );
}
