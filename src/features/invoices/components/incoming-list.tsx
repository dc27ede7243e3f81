import { paidVerdict } from '@/domain/invoices/invoice-actions';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Invoice } from '@/data/invoice';
import { InvoiceReadError, readIncomingJson } from '@/domain/fatturapa/reader';
import { COLUMNS, invoiceRow, matchesInvoiceSearch, matchesPaymentFilter, sortRows, type PaymentFilter } from '@/domain/invoices/invoice-list';
import { italianError } from '@/lib/firebase-errors';
import { WarehouseImportOnDemand } from '@/components/warehouse-import/warehouse-import-on-demand';
import { markInvoiceInWarehouse, markInvoicePaid, markInvoiceRead, saveSenderAsCustomer, type InvoiceSubject } from '../api';
import { InvoiceRowView } from './invoice-row';
import { InvoicesTable } from './invoices-table';

interface IncomingListProps {
  shopId: string;
  invoices: readonly Invoice[];
  search: string;
  payment: PaymentFilter;
  notify: (text: string, kind: 'success' | 'error') => void;
  onPdf: (payload: string) => void;
}

/** 'In Entrata': supplier invoices with their actions (document 2 §4.2). */
export function IncomingList({ shopId, invoices, search, payment, notify, onPdf }: IncomingListProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [manual, setManual] = useState<InvoiceSubject | undefined>();
  const [importing, setImporting] = useState<Invoice | undefined>();
  const byId = useMemo(() => new Map(invoices.map((i) => [i.id, i])), [invoices]);
  const rows = useMemo(
    () => sortRows(invoices.map(invoiceRow).filter((r) => matchesInvoiceSearch(r, search) && matchesPaymentFilter(r, payment))),
    [invoices, search, payment],
  );

  async function run(id: string, action: () => Promise<unknown>, success: string) {
    setBusy(id);
    try {
      await action();
      notify(success, 'success');
    } catch (error) {
      notify(`Errore durante l'operazione: ${italianError(error)}`, 'error');
    } finally {
      setBusy(null);
    }
  }

  function saveSender(invoice: Invoice, subject: InvoiceSubject) {
    let seller;
    try {
      seller = readIncomingJson(invoice.payload)[0]?.seller;
    } catch (error) {
      // The payload comes from outside (the provider's callback): an unreadable one is said, never thrown.
      notify(error instanceof InvoiceReadError ? error.message : 'Dati fattura incompleti: mittente non trovato.', 'error');
      return;
    }
    if (!seller) {
      notify('Dati fattura incompleti: mittente non trovato.', 'error');
      return;
    }
    void run(invoice.id, () => saveSenderAsCustomer(shopId, subject, {
      ragioneSociale: seller.name,
      partitaIva: seller.vatId?.code,
      codiceFiscale: seller.codiceFiscale,
      address: seller.address ? `${seller.address.street} ${seller.address.streetNumber ?? ''}`.trim() : undefined,
      cap: seller.address?.cap,
      city: seller.address?.city,
      province: seller.address?.province,
      nation: seller.address?.nation,
    }), `Cliente salvato: ${seller.name}`);
  }

  if (rows.length === 0) return null;
  return (
    <>
      <InvoicesTable columns={COLUMNS.incoming} testId="invoices-table">
        {rows.map((row) => {
          const invoice = byId.get(row.id);
          if (!invoice) return null;
          const disabled = busy === invoice.id;
          const subject: InvoiceSubject = { id: invoice.id, number: row.number, counterpart: row.counterpart };
          return (
            <InvoiceRowView
              key={row.id}
              row={row}
              list="incoming"
              payload={invoice.payload}
              incoming
              columns={COLUMNS.incoming.length}
              actions={
                <>
                  <button type="button" className="button" onClick={() => onPdf(invoice.payload)}>PDF</button>
                  {invoice.newInvoice ? (
                    <button type="button" className="button" disabled={disabled} onClick={() => void run(invoice.id, () => markInvoiceRead(subject), 'Fattura segnata come letta.')}>Segna come letta</button>
                  ) : null}
                  {paidVerdict(invoice)?.ok ? (
                    <button type="button" className="button" disabled={disabled} onClick={() => void run(invoice.id, () => markInvoicePaid(subject), 'Fattura segnata come pagata.')}>Segna come pagata</button>
                  ) : null}
                  {!invoice.customerAlreadyExist ? (
                    <button type="button" className="button" disabled={disabled} onClick={() => saveSender(invoice, subject)}>Salva mittente come cliente</button>
                  ) : null}
                  {invoice.addedToWarehouse ? (
                    <span className="badge badge--info">{invoice.addedToWarehouseManually ? 'Segnata in magazzino' : 'In magazzino'}</span>
                  ) : (
                    <>
                      <button type="button" className="button" disabled={disabled} onClick={() => setImporting(invoice)}>Importa in magazzino</button>
                      <button type="button" className="button button--ghost" disabled={disabled} onClick={() => setManual(subject)}>Segna come già in magazzino</button>
                    </>
                  )}
                </>
              }
            />
          );
        })}
      </InvoicesTable>
      <WarehouseImportOnDemand open={importing !== undefined} invoice={importing} onClose={() => setImporting(undefined)} onImported={(message) => { setImporting(undefined); notify(message, 'success'); }} />
      <ConfirmDialog
        open={manual !== undefined}
        title="Segna come importata in magazzino"
        message="La fattura verrà segnata come già importata in magazzino senza caricare i prodotti. L'operazione non può essere annullata."
        confirmLabel="Segna come importata"
        danger
        onCancel={() => setManual(undefined)}
        onConfirm={() => {
          const subject = manual;
          setManual(undefined);
          if (subject) void run(subject.id, () => markInvoiceInWarehouse(shopId, subject), 'Fattura segnata come già importata in magazzino!');
        }}
      />
    </>
  );
}
