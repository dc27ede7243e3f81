import { Fragment, useState } from 'react';
import { PendingBadge } from '@/components/ui/pending-badge';
import type { Customer } from '@/data/customer';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_FIELDS, customerDisplayName } from '@/domain/customers/customer-fields';
import type { CustomerSort, CustomerSortKey } from '@/domain/customers/customer-list';
import { checkCustomerForInvoicing } from '@/domain/fatturapa/customer-validity';

const COLUMNS: { key: CustomerSortKey; label: string }[] = [
  { key: 'name', label: 'Nome / Ragione sociale' },
  { key: 'codiceFiscale', label: 'Codice Fiscale' },
  { key: 'partitaIva', label: 'P.IVA' },
  { key: 'pec', label: 'PEC' },
];

interface CustomerTableProps {
  customers: readonly Customer[];
  sort: CustomerSort;
  onSort: (key: CustomerSortKey) => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
  /** Customers changed without a connection, not on the server yet. */
  pendingIds?: ReadonlySet<string>;
}

function formatBirthday(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;
}

/** The directory's table: sortable headers, the invalid-for-invoicing badge, an expandable detail row. */
export function CustomerTable({ customers, sort, onSort, onEdit, onDelete, pendingIds }: CustomerTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <div className="table-scroll">
      <table className="data-table customers-table" data-testid="customers-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Dettagli</span>
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" aria-sort={sort.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                  {column.label}
                  <span aria-hidden="true">{sort.key === column.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                </button>
              </th>
            ))}
            <th scope="col">Azioni</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => {
            const name = customerDisplayName(customer);
            const validity = checkCustomerForInvoicing(customer);
            const open = expanded === customer.id;
            const detailsId = `customer-details-${customer.id}`;
            return (
              <Fragment key={customer.id}>
                <tr data-testid="customer-row">
                  <td>
                    <button type="button" className="icon-button" aria-expanded={open} aria-controls={detailsId} aria-label={`${open ? 'Chiudi' : 'Apri'} i dettagli di ${name}`} onClick={() => setExpanded(open ? null : customer.id)}>
                      {open ? '▾' : '▸'}
                    </button>
                  </td>
                  <td>
                    <span className="customer-name">{name}</span>
                    {pendingIds?.has(customer.id) ? <PendingBadge testId="customer-pending" /> : null}
                    {validity.badge ? (
                      <span className="badge badge--warning" title="Il cliente non può ricevere una fattura elettronica finché i dati non sono completi">
                        {validity.badge}
                      </span>
                    ) : null}
                  </td>
                  <td>{customer.codiceFiscale ?? ''}</td>
                  <td>{customer.partitaIva ?? ''}</td>
                  <td className="customer-pec">{customer.pec ?? ''}</td>
                  <td className="row-actions">
                    <button type="button" className="button" onClick={() => onEdit(customer)} aria-label={`Modifica ${name}`}>
                      Modifica
                    </button>
                    <button type="button" className="button button--ghost danger-text" onClick={() => onDelete(customer)} aria-label={`Elimina ${name}`}>
                      Elimina
                    </button>
                  </td>
                </tr>
                {open ? (
                  <tr id={detailsId} className="details-row">
                    <td colSpan={6}>
                      <dl className="details-grid">
                        {CUSTOMER_FIELDS.map((field) => (
                          <div key={field}>
                            <dt>{CUSTOMER_FIELD_LABELS[field]}</dt>
                            <dd>{(field === 'birthday' ? formatBirthday(customer[field] ?? '') : customer[field]) || '—'}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
