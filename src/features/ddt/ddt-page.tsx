import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Customer } from '@/data/customer';
import type { Ddt } from '@/data/ddt';
import type { Scrap } from '@/data/scrap';
import { canEdit, canInvoice, DDT_CAUSALI, DDT_STATE_LABEL, DDT_STATES, ddtProblems, deferredInvoiceProblem, type DdtState } from '@/domain/ddt/ddt';
import { italianError, ReadFailedError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { DELETED_OFFLINE, SAVED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { useFeature } from '@/stores/permissions';
import { cancelDdt, confirmDdt, DdtActionError, ddtListQuery, deleteDraftForever, loadCustomers, loadProducts, loadShop, newDdtId, recipientName, saveDraft } from './api';
import { DdtFormModal } from './components/ddt-form-modal';
import { DdtTable } from './components/ddt-table';
import { DdtViewModal } from './components/ddt-view-modal';
import { ddtFromForm, emptyForm, formFromDdt, formProblems, type DdtFormState } from './ddt-form-state';
import './ddt.css';
import { LoadStates } from '@/components/ui/load-states';
import { countOf } from '@/domain/numbers/format-count';

/** Said after 'Salva e conferma' without a connection: the draft is kept, the number needs the server. */
const CONFIRM_NEEDS_CONNECTION = 'Per confermare il DDT e assegnargli il numero serve la connessione.';


function actionError(e: unknown): string {
  return e instanceof DdtActionError || e instanceof ReadFailedError ? e.message : `Operazione non riuscita: ${italianError(e).replace(/\.$/, '')}.`;
}

/** 'DDT': delivery notes of a year, drafts, confirmation with the year's number, PDF, deferred invoice. */
export default function DdtPage() {
  const shopId = useSession((s) => s.activeShopId);
  const isOwner = useSession((s) => s.uid !== undefined && s.uid === s.activeShopId);
  // The deferred invoice asks the same decision as /invoices and the database (paid-features.ts).
  const invoicing = useFeature('deferredInvoice');
  const canSelect = isOwner && invoicing.kind === 'allow';
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [causale, setCausale] = useState('');
  const [customerText, setCustomerText] = useState('');
  const [state, setState] = useState<DdtState | ''>('');
  const [toInvoice, setToInvoice] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ id: string; createdAt?: Date; form: DdtFormState } | undefined>();
  const [viewing, setViewing] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [notice, setNoticeState] = useState<{ text: string; error: boolean } | undefined>();
  const setNotice = (text: string | undefined, error = false) => setNoticeState(text === undefined ? undefined : { text, error });
  const [customers, setCustomers] = useState<Customer[] | undefined>();
  const [customersError, setCustomersError] = useState<string | undefined>();
  const [products, setProducts] = useState<Scrap[] | undefined>();
  const [asking, setAsking] = useState<{ kind: 'delete' | 'cancel'; ddt: Ddt } | undefined>();

  const list = useLiveQuery(shopId ? ddtListQuery(shopId, year) : null, `${shopId}|${year}`);
  const notes = useMemo(
    () => (list.data ?? []).filter((d) => d.kind === 'ddt').sort((a, b) => (b.progressive ?? Infinity) - (a.progressive ?? Infinity) || (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0)),
    [list.data],
  );
  const shown = notes.filter(
    (d) =>
      (!causale || d.causale === causale) &&
      (!state || d.state === state) &&
      (!toInvoice || d.state === 'confermato') &&
      (!customerText.trim() || recipientName(d.recipient).toLowerCase().includes(customerText.trim().toLowerCase())),
  );
  const viewed = notes.find((d) => d.id === viewing);
  const selectedNotes = notes.filter((d) => selected.has(d.id));
  const invoiceProblem = deferredInvoiceProblem(selectedNotes);

  // Products and customers load with the form (the picker searches them locally).
  useEffect(() => {
    if (!editing || !shopId) return;
    if (!products) loadProducts(shopId).then(setProducts, () => setProducts([]));
    if (!customers && !customersError) loadCustomers(shopId).then(setCustomers, (e: unknown) => setCustomersError(italianError(e)));
  }, [editing, shopId, products, customers, customersError]);

  const startNew = () => {
    setFormError(undefined);
    setEditing({ id: newDdtId(), form: emptyForm() });
  };
  const open = (d: Ddt) => {
    setNotice(undefined);
    setFormError(undefined);
    if (canEdit(d.state)) setEditing({ id: d.id, createdAt: d.createdAt, form: formFromDdt(d) });
    else setViewing(d.id);
  };

  const save = async (confirmAfter: boolean) => {
    if (!editing || !shopId) return;
    const problems = formProblems(editing.form);
    const ddt = ddtFromForm(editing.form, { id: editing.id, userId: shopId, createdAt: editing.createdAt });
    if (confirmAfter) problems.push(...ddtProblems({ recipientName: recipientName(ddt.recipient), causale: ddt.causale, transportBy: ddt.transportBy, carrier: ddt.carrier, lines: ddt.lines, date: ddt.date }));
    if (problems.length > 0) {
      setFormError(problems.join(' '));
      return;
    }
    setBusy(true);
    setFormError(undefined);
    try {
      const outcome = await saveDraft(ddt);
      logActivity({ action: 'ddt_draft_saved', module: 'ddt', details: { ddtId: ddt.id, recipient: recipientName(ddt.recipient), causale: ddt.causale } });
      // A number is given by the server only (a transaction): offline the draft waits on this device.
      if (outcome === 'queued') setNotice(confirmAfter ? `${SAVED_OFFLINE} ${CONFIRM_NEEDS_CONNECTION}` : SAVED_OFFLINE);
      else if (confirmAfter) {
        const number = await confirmDdt(shopId, ddt.id);
        logActivity({ action: 'ddt_confirmed', module: 'ddt', details: { ddtId: ddt.id, number } });
        setNotice(`DDT n. ${number} confermato.`);
      } else setNotice('Bozza salvata.');
      if (ddt.year !== year) setYear(ddt.year);
      setEditing(undefined);
    } catch (e) {
      setFormError(actionError(e));
    } finally {
      setBusy(false);
    }
  };

  const confirmFromList = async (d: Ddt) => {
    if (!shopId) return;
    setBusy(true);
    setNotice(undefined);
    try {
      const number = await confirmDdt(shopId, d.id);
      logActivity({ action: 'ddt_confirmed', module: 'ddt', details: { ddtId: d.id, number } });
      setNotice(`DDT n. ${number} confermato.`);
    } catch (e) {
      setNotice(actionError(e), true);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (d: Ddt) => {
    setAsking(undefined);
    try {
      const outcome = await deleteDraftForever(d.id);
      logActivity({ action: 'ddt_draft_deleted', module: 'ddt', details: { ddtId: d.id } });
      setNotice(`Bozza eliminata.${outcome === 'queued' ? DELETED_OFFLINE : ''}`);
    } catch (e) {
      setNotice(actionError(e), true);
    }
  };

  const cancel = async (d: Ddt) => {
    setAsking(undefined);
    setBusy(true);
    setFormError(undefined);
    try {
      await cancelDdt(d.id);
      logActivity({ action: 'ddt_cancelled', module: 'ddt', details: { ddtId: d.id, number: d.number } });
      setNotice(`DDT n. ${d.number ?? ''} annullato.`);
    } catch (e) {
      setFormError(actionError(e));
    } finally {
      setBusy(false);
    }
  };

  const print = async (d: Ddt, withPrices: boolean) => {
    if (!shopId) return;
    try {
      const [{ printDdt }, shop] = await Promise.all([import('./ddt-print'), loadShop(shopId)]);
      printDdt(d, shop, withPrices);
    } catch (e) {
      setFormError(actionError(e));
    }
  };

  const createInvoice = async () => {
    if (!shopId || invoiceProblem || !canSelect) return;
    setBusy(true);
    setNotice(undefined);
    try {
      const { createDeferredInvoice } = await import('./deferred-invoice');
      const result = await createDeferredInvoice(shopId, selectedNotes);
      logActivity({ action: 'ddt_invoiced', module: 'ddt', details: { invoiceId: result.invoiceId, ddts: selectedNotes.map((d) => d.number ?? d.id) } });
      setSelected(new Set());
      setNotice(result.message);
    } catch (e) {
      setNotice(actionError(e), true);
    } finally {
      setBusy(false);
    }
  };

  const years = Array.from({ length: 6 }, (_, i) => new Date().getFullYear() - i);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="page ddt">
      <h1>DDT</h1>
      <div className="filters" role="search" aria-label="Filtri DDT">
        <label>
          Anno
          <select value={year} onChange={(e) => { setYear(years.find((y) => String(y) === e.target.value) ?? year); setSelected(new Set()); }}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          Causale
          <select value={causale} onChange={(e) => setCausale(e.target.value)}>
            <option value="">Tutte</option>
            {[...new Set([...DDT_CAUSALI, ...notes.map((d) => d.causale)])].filter(Boolean).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Stato
          <select value={state} onChange={(e) => setState(e.target.value as DdtState | '')}>
            <option value="">Tutti</option>
            {DDT_STATES.map((s) => (
              <option key={s} value={s}>
                {DDT_STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Cliente
          <input type="search" value={customerText} onChange={(e) => setCustomerText(e.target.value)} placeholder="Nome del destinatario" />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={toInvoice} onChange={(e) => setToInvoice(e.target.checked)} /> Da fatturare
        </label>
        {isOwner ? (
          <button type="button" className="button button--primary" onClick={startNew}>
            Nuovo DDT
          </button>
        ) : null}
      </div>

      {notice ? (
        <p className={notice.error ? 'form-error' : 'form-success'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <LoadStates state={list} loading="Caricamento DDT…" error="Errore nel caricamento dei DDT" empty={`Nessun DDT trovato per ${String(year)}.`} isEmpty={shown.length === 0} />

      {isOwner && invoicing.kind === 'deny' && shown.some((d) => canInvoice(d.state)) ? (
        <p className="banner banner--warning" data-testid="ddt-invoice-denied">
          Fattura differita non disponibile. {invoicing.message}
        </p>
      ) : null}
      {canSelect && selectedNotes.length > 0 ? (
        <div className="ddt__invoice-bar" role="region" aria-label="Fattura differita">
          <span>
            {countOf(selectedNotes.length, 'DDT selezionato', 'DDT selezionati')}
          </span>
          <button type="button" className="button button--primary" onClick={() => void createInvoice()} disabled={busy || invoiceProblem !== undefined}>
            Crea fattura differita
          </button>
          {invoiceProblem ? <span className="muted">{invoiceProblem}</span> : null}
        </div>
      ) : null}

      {shown.length > 0 ? (
        <DdtTable year={year} shown={shown} isOwner={isOwner} selectable={canSelect} busy={busy} selected={selected} toggle={toggle} open={open} confirmFromList={confirmFromList} askDelete={(d) => setAsking({ kind: 'delete', ddt: d })} pendingIds={list.status === 'ready' ? list.sync?.pendingIds : undefined} />
      ) : null}

      {editing ? (
        <DdtFormModal
          open
          title={notes.some((d) => d.id === editing.id) ? 'Modifica DDT in bozza' : 'Nuovo DDT'}
          form={editing.form}
          onChange={(form) => setEditing((e) => (e ? { ...e, form } : e))}
          customers={customers}
          customersError={customersError}
          products={products}
          busy={busy}
          error={formError}
          onClose={() => setEditing(undefined)}
          onSave={() => void save(false)}
          onSaveAndConfirm={() => void save(true)}
        />
      ) : null}
      <DdtViewModal
        ddt={viewed}
        busy={busy}
        error={formError}
        canWrite={isOwner}
        onClose={() => setViewing(undefined)}
        onCancel={(d) => setAsking({ kind: 'cancel', ddt: d })}
        onPrint={(d, withPrices) => void print(d, withPrices)}
      />
      <ConfirmDialog
        open={asking !== undefined}
        title={asking?.kind === 'cancel' ? `Annullare il DDT n. ${asking.ddt.number ?? ''}?` : 'Eliminare la bozza?'}
        message={
          asking?.kind === 'cancel'
            ? 'Le quantità dei prodotti con giacenza tornano in magazzino; il numero resta usato e il DDT resta in elenco come Annullato.'
            : `La bozza per ${asking ? recipientName(asking.ddt.recipient) || 'destinatario non indicato' : ''} viene eliminata definitivamente.`
        }
        confirmLabel={asking?.kind === 'cancel' ? 'Conferma annullamento' : 'Elimina bozza'}
        danger
        busy={busy}
        onConfirm={() => {
          if (asking?.kind === 'cancel') void cancel(asking.ddt);
          else if (asking) void remove(asking.ddt);
        }}
        onCancel={() => setAsking(undefined)}
      />
    </section>
  );
}
