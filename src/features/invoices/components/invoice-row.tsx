import { Fragment, useState, type ReactNode } from 'react';
import { COLUMN, type InvoiceListType, type InvoiceRow } from '@/domain/invoices/invoice-list';
import { formatEuro } from '@/domain/money';
import { formatDate, formatDateTime } from '@/lib/format';
import { InvoiceDetails } from './invoice-details';

function isoToItalian(iso: string | undefined): string {
  return iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—';
}

interface InvoiceRowViewProps {
  row: InvoiceRow;
  list: InvoiceListType;
  /** The payload to open, when the row can be opened. */
  payload?: string;
  /** What 'Apri' shows instead of the payload's view (a draft's preview, built when opened). */
  details?: ReactNode;
  incoming?: boolean;
  actions?: ReactNode;
  /** Shown under the details (rejection block, history...). */
  below?: ReactNode;
  tag?: string;
  /** What the invoice's SDI state asks, under the status (the resend deadline, the buyer to tell…). */
  status?: { text: string; urgency: 'late' | 'today' | 'soon' | 'ok' };
  columns: number;
}

/** One row of any list, with 'Apri'/'Chiudi' showing the invoice (document 2 §2.2). */
export function InvoiceRowView({ row, list, payload, details, incoming = false, actions, below, tag, status, columns }: InvoiceRowViewProps) {
  const [open, setOpen] = useState(false);
  const label = `${row.docType} ${row.number} ${row.counterpart}`.trim();
  return (
    <Fragment>
      <tr data-testid="invoice-row" data-id={row.id} className={row.newInvoice ? 'invoice-row invoice-row--new' : 'invoice-row'}>
        <td data-label={COLUMN.createdAt}>{row.createdAt ? formatDateTime(row.createdAt) : '—'}</td>
        {list !== 'incoming' ? <td data-label={COLUMN.number}>{row.number || '—'}</td> : null}
        <td data-label={COLUMN.docType}>{row.docType}</td>
        <td data-label={COLUMN.total}>{row.total !== undefined ? formatEuro(row.total) : '—'}</td>
        <td className="card-title" data-label={COLUMN.counterpart}>
          {row.counterpart}
          {tag ? <span className="badge badge--info">{tag}</span> : null}
          {list === 'drafts' && status ? <small className={`due-note due-note--${status.urgency}`} data-testid="due-note">{status.text}</small> : null}
          {row.unreadable ? <span className="badge badge--warning" title={row.unreadable}>Contenuto non leggibile</span> : null}
          {row.lotto ? <span className="badge badge--info" title={`Numeri: ${row.lotto.numbers.join(', ')}`} data-testid="invoice-lotto">{row.lotto.label}</span> : null}
        </td>
        {list === 'incoming' ? <td data-label={COLUMN.dueDate}>{isoToItalian(row.dueDate)}</td> : null}
        {list === 'deleted' ? <td data-label={COLUMN.deletedAt}>{row.deletedAt ? formatDate(row.deletedAt) : '—'}</td> : null}
        {list === 'incoming' || list === 'outgoing' ? (
          <td data-label={COLUMN.status}>
            {row.markingLabel ?? '—'}
            {status ? <small className={`due-note due-note--${status.urgency}`} data-testid="due-note">{status.text}</small> : null}
          </td>
        ) : null}
        {list === 'incoming' || list === 'outgoing' ? <td data-label={COLUMN.isNew}>{row.newInvoice ? <span className="badge badge--new">Nuova</span> : ''}</td> : null}
        <td data-label={COLUMN.kind}>{row.kindLabel}</td>
        <td className="row-actions">
          <div className="row-actions__list">
            {payload || details ? (
              <button type="button" className="button" aria-expanded={open} aria-label={`${open ? 'Chiudi' : 'Apri'} ${label}`} onClick={() => setOpen((v) => !v)}>
                {open ? 'Chiudi' : 'Apri'}
              </button>
            ) : null}
            {actions}
          </div>
        </td>
      </tr>
      {open && (payload || details) ? (
        <tr className="details-row">
          <td colSpan={columns}>
            {details ?? (payload ? <InvoiceDetails payload={payload} incoming={incoming} /> : null)}
            {below}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
