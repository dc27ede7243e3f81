import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { WarehouseImportOnDemand } from '@/components/warehouse-import/warehouse-import-on-demand';
import type { Invoice } from '@/data/invoice';
import { fileFigures } from '@/domain/fatturapa/lotto';
import { readIncomingJson } from '@/domain/fatturapa/reader';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { loadIncomingInvoices } from '../api';

interface InvoiceChoice {
  invoice: Invoice;
  supplier: string;
  number: string;
  date?: Date;
  total?: number;
}

function describe(invoice: Invoice): InvoiceChoice {
  try {
    // A lotto is one choice: the first body's number 'e altri N' and the total of every body, as on /invoices.
    const views = readIncomingJson(invoice.payload);
    const figures = fileFigures(views);
    const first = views[0];
    if (first && figures) return { invoice, supplier: first.seller.name, number: figures.number, date: invoice.date ?? invoice.createdAt, total: figures.total };
  } catch {
    // An unreadable payload still lists the invoice: the modal says what is missing.
  }
  return { invoice, supplier: 'Fornitore sconosciuto', number: invoice.uuid, date: invoice.date ?? invoice.createdAt, total: invoice.total };
}

type State = { status: 'loading' } | { status: 'ready'; choices: InvoiceChoice[] } | { status: 'error'; message: string };

/** 'Carica da fattura': the incoming invoices not yet loaded into the warehouse; choosing one opens the shared import modal. */
export function InvoicePicker({ open, shopId, onClose, onImported }: { open: boolean; shopId: string; onClose: () => void; onImported: (message: string) => void }) {
  const [chosen, setChosen] = useState<Invoice | undefined>();
  return (
    <>
      <Modal open={open && !chosen} title="Carica in magazzino da una fattura ricevuta" onClose={onClose}>
        <InvoiceList shopId={shopId} onChoose={setChosen} />
      </Modal>
      <WarehouseImportOnDemand
        open={chosen !== undefined}
        invoice={chosen}
        onClose={() => setChosen(undefined)}
        onImported={(message) => {
          setChosen(undefined);
          onImported(message);
        }}
      />
    </>
  );
}

function InvoiceList({ shopId, onChoose }: { shopId: string; onChoose: (invoice: Invoice) => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadIncomingInvoices(shopId).then(
      (invoices) => {
        if (!live) return;
        const choices = invoices.filter((i) => !i.addedToWarehouse && !i.deletedAt).map(describe);
        choices.sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
        setState({ status: 'ready', choices });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', message: italianError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [shopId]);
  if (state.status === 'loading') return <p className="page-loading">Caricamento fatture ricevute…</p>;
  if (state.status === 'error')
    return (
      <p className="form-error" role="alert">
        Impossibile caricare le fatture ricevute: {state.message}
      </p>
    );
  if (state.choices.length === 0) return <p className="muted">Nessuna fattura ricevuta da caricare in magazzino.</p>;
  return (
    <ul className="invoice-choices" data-testid="invoice-choices">
      {state.choices.map((c) => (
        <li key={c.invoice.id}>
          <button type="button" className="button invoice-choice" onClick={() => onChoose(c.invoice)}>
            <span>
              <strong>{c.supplier}</strong> · n. {c.number}
            </span>
            <span className="muted">
              {c.date ? formatDate(c.date) : ''} {c.total !== undefined ? `· ${formatEuro(c.total)}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
