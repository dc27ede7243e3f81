import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Sale } from '@/data/sale';
import { COLUMNS, draftRow, matchesInvoiceSearch, sortRows, type CustomerDirectory } from '@/domain/invoices/invoice-list';
import { markDraftPermanentlyDeleted, restoreDraft } from '../api';
import { InvoiceRowView } from './invoice-row';
import { InvoicesTable } from './invoices-table';

/** 'Cestinate': restore, or delete for good after the exact confirmation (document 2 §4.3, §8). */
export function DeletedList({ drafts, directory, search, notify }: { drafts: readonly Sale[]; directory: CustomerDirectory; search: string; notify: (text: string, kind: 'success' | 'error') => void }) {
  const [toPurge, setToPurge] = useState<Sale | undefined>();
  const byId = useMemo(() => new Map(drafts.map((d) => [d.id, d])), [drafts]);
  const rows = useMemo(() => sortRows(drafts.map((d) => draftRow(d, directory)).filter((r) => matchesInvoiceSearch(r, search))), [drafts, search, directory]);

  async function restore(draft: Sale) {
    try {
      await restoreDraft(draft, directory);
      notify(`Bozza ${draft.invoiceNumber ?? ''} ripristinata.`, 'success');
    } catch (error) {
      console.error(error);
      notify('Errore nel ripristino della fattura. Controlla la console per dettagli.', 'error');
    }
  }

  async function purge() {
    const draft = toPurge;
    setToPurge(undefined);
    if (!draft) return;
    try {
      await markDraftPermanentlyDeleted(draft, directory);
      notify(`Fattura ${draft.invoiceNumber ?? ''} eliminata definitivamente.`, 'success');
    } catch (error) {
      console.error(error);
      notify("Errore nell'eliminazione definitiva. Controlla la console per dettagli.", 'error');
    }
  }

  if (rows.length === 0) return null;
  return (
    <>
      <InvoicesTable columns={COLUMNS.deleted} testId="invoices-table">
        {rows.map((row) => {
          const draft = byId.get(row.id);
          if (!draft) return null;
          return (
            <InvoiceRowView key={row.id} row={row} list="deleted" payload={draft.invoicePayload} columns={COLUMNS.deleted.length}
              actions={
                <>
                  <button type="button" className="button" onClick={() => void restore(draft)} aria-label={`Ripristina ${row.number}`}>Ripristina</button>
                  <button type="button" className="button button--ghost danger-text" onClick={() => setToPurge(draft)} aria-label={`Elimina definitivamente ${row.number}`}>Elimina definitivamente</button>
                </>
              }
            />
          );
        })}
      </InvoicesTable>
      <ConfirmDialog
        open={toPurge !== undefined}
        title="Eliminazione definitiva"
        message={`Sei sicuro di voler eliminare DEFINITIVAMENTE la fattura ${toPurge?.invoiceNumber ?? ''}? Questa operazione non può essere annullata.`}
        confirmLabel="Elimina definitivamente"
        danger
        onCancel={() => setToPurge(undefined)}
        onConfirm={() => void purge()}
      />
    </>
  );
}
