import { useDeferredValue, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListLoadError } from '@/components/ui/list-load-error';
import { Pager } from '@/components/ui/pager';
import { Toast, useToast } from '@/components/ui/toast';
import type { Customer } from '@/data/customer';
import { customerDisplayName, customerValues } from '@/domain/customers/customer-fields';
import { customersTable } from '@/domain/customers/customer-import';
import { CUSTOMERS_PAGE_SIZE, DEFAULT_CUSTOMER_SORT, filterCustomers, nextSort, sortCustomers } from '@/domain/customers/customer-list';
import { pageSlice } from '@/domain/pagination/pagination';
import { datedFileName, downloadText } from '@/lib/download';
import { italianError } from '@/lib/firebase-errors';
import { DELETED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { deleteCustomer } from './api';
import { CustomerFormModal } from './components/customer-form-modal';
import { CustomerImportPanel } from './components/customer-import-panel';
import { CustomerTable } from './components/customer-table';
import { useCustomerDirectory } from './hooks/use-customers';
import './customers.css';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { countOf } from '@/domain/numbers/format-count';

type FormState = { open: false } | { open: true; customer: Customer | undefined };

/** 'Gestione Clienti' (document 2 §2.3): the directory, the add/edit form with the company lookup, the CSV import. */
export default function CustomersPage() {
  const shopId = useSession((s) => s.activeShopId);
  // The live list rests while an import writes (hooks/use-customers.ts), and catches up when it ends.
  const [importRunning, setImportRunning] = useState(false);
  const customers = useCustomerDirectory(shopId, importRunning);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(DEFAULT_CUSTOMER_SORT);
  const [page, setPage] = useState(0);
  const [form, setForm] = useState<FormState>({ open: false });
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<Customer | undefined>();
  const [deleting, setDeleting] = useState(false);
  const { toast, show, dismiss } = useToast();

  const all = customers.customers;
  // Sorted once per list and column; a keystroke only filters the sorted list on search texts cached per
  // customer, and the search follows the typing without blocking it.
  const sorted = useMemo(() => sortCustomers(all, sort), [all, sort]);
  const deferredSearch = useDeferredValue(search);
  const filtered = useMemo(() => filterCustomers(sorted, deferredSearch), [sorted, deferredSearch]);
  const shown = pageSlice(filtered, page, CUSTOMERS_PAGE_SIZE);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const outcome = await deleteCustomer(toDelete.id);
      logActivity({ action: 'customer_delete', module: 'customers', details: { customerId: toDelete.id, name: customerDisplayName(toDelete), before: customerValues(toDelete) } });
      show(`Cliente eliminato: ${customerDisplayName(toDelete)}${outcome === 'queued' ? DELETED_OFFLINE : ''}`, 'success');
    } catch (error) {
      show(`Errore durante l'eliminazione: ${italianError(error)}`, 'error');
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  async function exportCsv() {
    const { toCsv } = await import('@/domain/csv/csv');
    const table = customersTable(filtered);
    downloadText(datedFileName('clienti'), toCsv(table.headers, table.rows));
  }

  if (!shopId) return <p className="form-error">Nessuno shop selezionato.</p>;

  return (
    <section className="page customers-page">
      <h1>Gestione Clienti</h1>
      <div className="filters" role="search">
        <label>
          Cerca cliente
          <input type="search" placeholder="Nome, P.IVA, codice fiscale, PEC, città…" value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
        </label>
        <button type="button" className="button button--primary" onClick={() => setForm({ open: true, customer: undefined })}>
          Nuovo cliente
        </button>
        <button type="button" className="button" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
          Importa CSV
        </button>
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={filtered.length === 0 || !customers.complete}>
          Esporta CSV
        </button>
      </div>

      {importing ? <CustomerImportPanel shopId={shopId} onClose={() => setImporting(false)} onRunningChange={setImportRunning} /> : null}

      {customers.status === 'error' ? <ListLoadError label="Impossibile caricare i clienti" error={customers.error} kind={customers.errorKind} onRetry={customers.retry} /> : null}
      {customers.status === 'loading' ? (
        <SkeletonList label="Caricamento clienti" />
      ) : null}
      {customers.status === 'ready' && all.length === 0 ? (
        <p className="muted">Nessun cliente in anagrafica. Aggiungine uno con &quot;Nuovo cliente&quot; o importa un file CSV.</p>
      ) : null}
      {customers.complete && all.length > 0 && filtered.length === 0 ? <p className="muted">Nessun cliente trovato.</p> : null}

      {shown.rows.length > 0 ? (
        <>
          <CustomerTable customers={shown.rows} sort={sort} onSort={(key) => { setSort((s) => nextSort(s, key)); setPage(0); }} onEdit={(customer) => setForm({ open: true, customer })} onDelete={setToDelete} pendingIds={customers.pendingIds} />
          {customers.complete ? (
            <Pager page={shown.page} pageSize={CUSTOMERS_PAGE_SIZE} total={filtered.length} onPage={setPage} noun="clienti" singular="cliente" testId="customers" />
          ) : (
            <p className="muted" aria-live="polite" data-testid="customers-loading">
              {customers.total !== undefined ? `${countOf(customers.total, 'cliente', 'clienti')}: ` : ''}caricamento dell&apos;anagrafica completa in corso… (ricerca ed esportazione su tutti i clienti al termine)
            </p>
          )}
        </>
      ) : null}

      <CustomerFormModal open={form.open} shopId={shopId} customer={form.open ? form.customer : undefined} onClose={() => setForm({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Elimina cliente"
        message={`Sei sicuro di voler eliminare il cliente ${toDelete ? customerDisplayName(toDelete) : ''}?`}
        confirmLabel="Elimina"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(undefined)}
      />
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}
