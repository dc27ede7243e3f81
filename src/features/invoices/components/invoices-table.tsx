import type { ReactNode } from 'react';

interface InvoicesTableProps {
  /** The header cells: plain titles, or cells of their own (the outgoing list's sortable ones). */
  columns: readonly string[] | ReactNode;
  /** Only the one table of a tab carries it (the drafts tab draws a table per group). */
  testId?: string;
  children: ReactNode;
}

/** The table of every invoice list: its own sideways scroll on a narrow screen, one header row, the rows given. */
export function InvoicesTable({ columns, testId, children }: InvoicesTableProps) {
  const header = Array.isArray(columns) ? (columns as readonly string[]).map((c) => <th key={c} scope="col">{c}</th>) : columns;
  return (
    <div className="table-scroll">
      <table className="data-table data-table--cards invoices-table" data-testid={testId}>
        <thead>
          <tr>{header}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
