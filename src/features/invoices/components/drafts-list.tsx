import { useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Sale } from '@/data/sale';
import { groupDrafts, type DraftGroup } from '@/domain/invoices/draft-groups';
import { COLUMNS, draftRow, matchesInvoiceSearch, type CustomerDirectory } from '@/domain/invoices/invoice-list';
import { formatEuro } from '@/domain/money';
import { dueOf } from '@/domain/sdi-lifecycle/lifecycle';
import { deadlineText, urgencyOf } from '@/domain/sdi-lifecycle/deadlines';
import { moveDraftToTrash } from '../api';
import type { DraftXml } from '../send/draft-xml';
import { DraftPreview } from './draft-preview';
import { InvoiceRowView } from './invoice-row';
import { InvoicesTable } from './invoices-table';

interface DraftsListProps {
  drafts: readonly Sale[];
  /** The shop's customers by id: the buyer each draft names. */
  directory: CustomerDirectory;
  search: string;
  notify: (text: string, kind: 'success' | 'error') => void;
  /** Per-draft extra actions (send, edit) and per-group actions (send all, merge), given by the page. */
  draftActions?: (draft: Sale) => ReactNode;
  groupActions?: (group: DraftGroup<Sale>) => ReactNode;
  /** The draft's e-invoice as the send would build it now ('Apri' before sending). */
  preview: (draft: Sale) => Promise<DraftXml>;
}

/**
 * The draft's deadline to reach the SDI: 12 days from its operation (the sale's day), moved off holidays; for the
 * correction of a rejected invoice, 5 days from the rejection. A credit note has no such term (art. 26 DPR 633/72).
 */
function sendStatus(draft: Sale): { text: string; urgency: 'late' | 'today' | 'soon' | 'ok' } | undefined {
  if (draft.method !== 'Fattura') return undefined;
  const due = draft.rejectedAt
    ? dueOf({ state: 'scartata', rejectedAt: draft.rejectedAt })
    : dueOf({ state: 'bozza', ...(draft.date ? { operationDay: draft.date } : {}) });
  if (due === undefined || due.kind === 'tell-buyer') return undefined;
  const now = new Date();
  return { text: `${due.kind === 'resend' ? 'Reinvio dopo lo scarto' : 'Invio allo SDI'}: ${deadlineText(due.deadline, now)}`, urgency: urgencyOf(due.deadline, now) };
}

/** 'Bozze': drafts grouped by buyer with 'N bozze' and the group total (document 2 §2.2, §4.3). */
export function DraftsList({ drafts, directory, search, notify, draftActions, groupActions, preview }: DraftsListProps) {
  const [toDelete, setToDelete] = useState<Sale | undefined>();
  const groups = useMemo(() => groupDrafts(drafts.filter((d) => matchesInvoiceSearch(draftRow(d, directory), search)), directory), [drafts, search, directory]);

  async function confirmDelete() {
    const draft = toDelete;
    setToDelete(undefined);
    if (!draft) return;
    try {
      await moveDraftToTrash(draft, directory);
      notify(`Bozza ${draft.invoiceNumber ?? ''} spostata nel cestino.`, 'success');
    } catch (error) {
      console.error(error);
      notify("Errore nell'eliminazione della bozza. Controlla la console per dettagli.", 'error');
    }
  }

  if (groups.length === 0) return null;
  return (
    <>
      {groups.map((group) => (
        <section key={group.key} className="draft-group" aria-label={`Bozze di ${group.buyer}`} data-testid="draft-group">
          <header className="draft-group__header">
            <h2>{group.buyer}</h2>
            <span className="muted">{group.drafts.length} {group.drafts.length === 1 ? 'bozza' : 'bozze'}</span>
            <span>Totale: <strong data-testid="draft-group-total">{formatEuro(group.total)}</strong></span>
            {group.creditNoteCount > 0 ? (
              <span className="muted" data-testid="draft-group-credit">
                {group.creditNoteCount === 1 ? 'nota di credito inclusa e sottratta' : `${group.creditNoteCount} note di credito incluse e sottratte`}
              </span>
            ) : null}
            <span className="draft-group__actions">{groupActions?.(group)}</span>
          </header>
          <InvoicesTable columns={COLUMNS.drafts}>
            {group.drafts.map((draft) => (
              <InvoiceRowView
                key={draft.id}
                row={draftRow(draft, directory)}
                list="drafts"
                details={<DraftPreview draft={draft} load={preview} />}
                columns={COLUMNS.drafts.length}
                status={sendStatus(draft)}
                actions={
                  <>
                    {draftActions?.(draft)}
                    <button type="button" className="button button--ghost danger-text" onClick={() => setToDelete(draft)} aria-label={`Elimina la bozza ${draft.invoiceNumber ?? ''}`}>
                      Elimina
                    </button>
                  </>
                }
              />
            ))}
          </InvoicesTable>
        </section>
      ))}
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Elimina bozza"
        message={`La bozza ${toDelete?.invoiceNumber ?? ''} di ${toDelete ? draftRow(toDelete, directory).counterpart : ''} andrà nel cestino: potrai ripristinarla da 'Cestinate'.`}
        confirmLabel="Sposta nel cestino"
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
