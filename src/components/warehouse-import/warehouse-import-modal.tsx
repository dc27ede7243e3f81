import { useEffect, useMemo, useState } from 'react';
import type { Invoice } from '@/data/invoice';
import { readNumberText } from '@/domain/numbers/parse-number';
import { importInvoiceRows, lookupProducts, WarehouseImportError, type WarehouseImportResult } from '@/data/warehouse-import';
import type { Scrap } from '@/data/scrap';
import { Modal } from '@/components/ui/modal';
import {
  applyMarkup, DEFAULT_MARKUP, editRow, isValidRow, linesFromPayload, lookupValues, matchProduct, rowsFromLines, WAREHOUSE_IMPORT_MESSAGES,
  type EditableField, type ImportRow, type PlannedWrite, type SourceLine,
} from '@/domain/warehouse/invoice-import';
import { DEFAULT_MATCHED_PRICE_RULE, listiniUndecided, pricedUpdate, type ListinoChoice, type MatchedPriceRule } from '@/domain/warehouse/import-prices';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { sortInvoiceLines, type SetAsideLine } from '@/domain/warehouse/invoice-line-kind';
import { SetAsideLines } from './set-aside-lines';
import { ImportRowView } from './import-row-view';
import { ListinoChoiceField, PriceRuleField } from './import-pricing';
import './warehouse-import.css';

/**
 * Import goods from an incoming invoice into the warehouse (document 2 §4.6): the invoice's goods lines as
 * editable rows (markup, quantity, base price, VAT, final price), a global markup (default 45%), the existing
 * products matched (their current cost and price beside the new ones, the selling price under the import's rule,
 * listini above the new price only after the shop's choice), one transaction that creates/updates them and sets
 * the invoice's addedToWarehouse, then the warehouse_import log with each product's before and after. Phases:
 * loading, processing (the user edits), saving. Shared: the invoices screen mounts it with the invoice it read
 * (data/invoice.ts).
 */
export interface WarehouseImportModalProps {
  open: boolean;
  invoice: Invoice | undefined;
  onClose: () => void;
  /** After a successful import, with the spec's message ('{n} prodotti importati/aggiornati in magazzino!'). */
  onImported?: (message: string, result: WarehouseImportResult) => void;
}

type Phase = { kind: 'loading' } | { kind: 'processing' } | { kind: 'saving' } | { kind: 'error'; message: string };

/** The invoice's goods lines: the JSON payload's lines, else the normalised products list. */
export function invoiceLines(invoice: Invoice): SourceLine[] {
  if (invoice.payloadKind === 'json') {
    try {
      const lines = linesFromPayload(invoice.payload);
      if (lines.length > 0) return lines;
    } catch {
      // Unreadable payload: fall back to the products list below.
    }
  }
  return invoice.items.map((p) => ({
    description: p.description,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    total: p.totalPrice,
    vatRate: p.iva,
    um: p.um,
    codes: p.code ? [{ value: p.code }] : [],
  }));
}

/** The log's record of each write: what the product held before and what the import wrote. */
export function importOperations(plan: readonly PlannedWrite<Scrap>[]) {
  return plan.map((w) => ({
    action: w.kind === 'create' ? 'product_add' : 'product_update',
    code: w.row.code,
    barcode: w.row.barcode,
    name: w.row.name,
    quantity: w.row.quantity,
    before:
      w.kind === 'update'
        ? { price: w.product.price, quantity: w.product.stock.qty, purchasePrice: w.product.purchasePrice, vatRate: w.product.vatRate, listino2: w.product.listino2, listino3: w.product.listino3 }
        : null,
    after:
      w.kind === 'update'
        ? {
            price: w.price,
            quantity: w.quantity,
            purchasePrice: w.row.basePrice,
            vatRate: w.row.vatRate,
            listino2: w.listini.listino2 ?? w.product.listino2,
            listino3: w.listini.listino3 ?? w.product.listino3,
          }
        : { price: w.row.finalPrice, quantity: w.row.quantity, purchasePrice: w.row.basePrice, vatRate: w.row.vatRate },
  }));
}

export function WarehouseImportModal({ open, invoice, onClose, onImported }: WarehouseImportModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title="Importa prodotti in magazzino" onClose={busy ? () => undefined : onClose} size="wide">
      <WarehouseImportBody key={invoice?.id ?? ''} invoice={invoice} onClose={onClose} onImported={onImported} onBusy={setBusy} />
    </Modal>
  );
}

/** Mounted each time the modal opens (the Modal renders its children only while open): a fresh import. */
function WarehouseImportBody({ invoice, onClose, onImported, onBusy }: Omit<WarehouseImportModalProps, 'open'> & { onBusy: (busy: boolean) => void }) {
  const shopId = useSession((s) => s.activeShopId ?? s.uid);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [markup, setMarkup] = useState(String(DEFAULT_MARKUP));
  const [candidates, setCandidates] = useState<Scrap[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [apart, setApart] = useState<SetAsideLine[]>([]);
  const [rule, setRule] = useState<MatchedPriceRule>(DEFAULT_MATCHED_PRICE_RULE);
  const [listini, setListini] = useState<ListinoChoice | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const start = async () => {
      if (!shopId) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.notAuthenticated);
      if (!invoice || (invoice.payloadKind !== 'json' && invoice.items.length === 0)) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.incomplete);
      const lines = invoiceLines(invoice);
      if (lines.length === 0) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.noProducts);
      // Discounts, charges, descriptive and negative lines are set apart (invoice-line-kind.ts), never offered.
      const sorted = sortInvoiceLines(lines);
      const initial = rowsFromLines(sorted.goods, DEFAULT_MARKUP);
      const found = await lookupProducts(shopId, lookupValues(initial));
      return { initial, found, apart: sorted.apart };
    };
    start().then(
      ({ initial, found, apart }) => {
        if (!live) return;
        setRows(initial);
        setApart(apart);
        setCandidates(found);
        setPhase({ kind: 'processing' });
      },
      (error: unknown) => {
        if (live) setPhase({ kind: 'error', message: error instanceof WarehouseImportError ? error.message : WAREHOUSE_IMPORT_MESSAGES.importError(italianError(error)) });
      },
    );
    return () => {
      live = false;
    };
  }, [invoice, shopId]);

  const validCount = useMemo(() => rows.filter(isValidRow).length, [rows]);
  const views = useMemo(
    () =>
      rows.map((row) => {
        const match = matchProduct(row, candidates);
        return { row, match, priced: match ? pricedUpdate(match, row.finalPrice, row.manualPrice, { rule, listini }) : undefined };
      }),
    [rows, candidates, rule, listini],
  );
  const conflicted = views.filter((v) => isValidRow(v.row) && (v.priced?.conflicts.length ?? 0) > 0).length;
  const undecided = listiniUndecided(views.flatMap((v) => (isValidRow(v.row) && v.priced ? v.priced.conflicts : [])), listini);

  const edit = (key: string, field: EditableField, value: string) => setRows((all) => all.map((r) => (r.key === key ? editRow(r, field, value) : r)));

  /** A charge or descriptive line the user chose to load: a row like the others, under a key of its own. */
  const addApart = (line: SetAsideLine) => {
    const m = readNumberText(markup);
    const [row] = rowsFromLines([line.line], m !== undefined && m > 0 ? m : DEFAULT_MARKUP);
    if (row) setRows((all) => [...all, { ...row, key: line.key }]);
    setApart((all) => all.filter((l) => l.key !== line.key));
  };

  const applyGlobal = () => {
    const m = readNumberText(markup);
    setRows((all) => applyMarkup(all, m !== undefined && m > 0 ? m : 0));
  };

  const save = async () => {
    if (!invoice || !shopId) {
      setSaveError(WAREHOUSE_IMPORT_MESSAGES.incompleteOrNotAuthenticated);
      return;
    }
    if (validCount === 0) {
      setSaveError(WAREHOUSE_IMPORT_MESSAGES.noValidProducts);
      return;
    }
    if (undecided) {
      setSaveError(WAREHOUSE_IMPORT_MESSAGES.listiniUndecided);
      return;
    }
    setSaveError(null);
    setPhase({ kind: 'saving' });
    onBusy(true);
    try {
      const result = await importInvoiceRows(shopId, invoice.id, rows, candidates, { rule, listini });
      logActivity({
        action: 'warehouse_import',
        module: 'warehouse',
        details: {
          invoiceId: invoice.id,
          userId: shopId,
          count: result.count,
          productCount: result.count,
          created: result.created,
          updated: result.updated,
          operations: importOperations(result.plan),
        },
      });
      onBusy(false);
      onImported?.(WAREHOUSE_IMPORT_MESSAGES.imported(result.count), result);
      onClose();
    } catch (error) {
      onBusy(false);
      setPhase({ kind: 'processing' });
      setSaveError(error instanceof WarehouseImportError ? error.message : WAREHOUSE_IMPORT_MESSAGES.importError(italianError(error)));
    }
  };

  const busy = phase.kind === 'saving';
  return (
    <>
      {phase.kind === 'loading' ? (
        <p className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Caricamento prodotti della fattura…
        </p>
      ) : null}
      {phase.kind === 'error' ? (
        <p className="form-error" role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'processing' || phase.kind === 'saving' ? (
        <>
          <div className="wh-import__toolbar">
            <label className="field field--inline">
              Ricarico globale %
              <input inputMode="decimal" value={markup} onChange={(e) => setMarkup(e.target.value)} disabled={busy} />
            </label>
            <button type="button" className="button" onClick={applyGlobal} disabled={busy}>
              Applica a tutte le righe
            </button>
            <PriceRuleField rule={rule} onChange={setRule} disabled={busy} />
            <span className="muted">
              Prezzo finale = base × (1 + ricarico) × (1 + IVA). Righe valide: {validCount} di {rows.length}
            </span>
          </div>
          <ListinoChoiceField count={conflicted} choice={listini} onChange={setListini} disabled={busy} />
          {saveError ? (
            <p className="form-error" role="alert">
              {saveError}
            </p>
          ) : null}
          {busy ? (
            <p role="status" className="muted">
              Salvataggio in corso…
            </p>
          ) : null}
          <div className="wh-import__scroll">
            <table className="data-table wh-import__table" data-testid="warehouse-import-rows">
              <thead>
                <tr>
                  <th scope="col">Prodotto</th>
                  <th scope="col">Magazzino</th>
                  <th scope="col">Quantità</th>
                  <th scope="col">Ricarico %</th>
                  <th scope="col">Prezzo base</th>
                  <th scope="col">IVA %</th>
                  <th scope="col">Prezzo finale</th>
                </tr>
              </thead>
              <tbody>
                {views.map(({ row, match, priced }, i) => (
                  <ImportRowView key={row.key} row={row} index={i} match={match} priced={priced} onEdit={edit} disabled={busy} />
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 ? <p className="muted">{WAREHOUSE_IMPORT_MESSAGES.noProducts}</p> : null}
          <SetAsideLines lines={apart} onAdd={addApart} disabled={busy} />
        </>
      ) : null}
      <div className="wh-import__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Annulla
        </button>
        <button type="button" className="button button--primary" onClick={() => void save()} disabled={phase.kind !== 'processing' || validCount === 0 || undecided} data-testid="warehouse-import-save">
          {busy ? 'Salvataggio…' : `Importa in magazzino (${validCount})`}
        </button>
      </div>
    </>
  );
}
