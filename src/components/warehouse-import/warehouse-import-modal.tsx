import { useEffect, useMemo, useState } from 'react';
import type { Invoice } from '@/data/invoice';
import { readNumberText } from '@/domain/numbers/parse-number';
import { importInvoiceRows, lookupProducts, WarehouseImportError, type WarehouseImportResult } from '@/data/warehouse-import';
import type { Scrap } from '@/data/scrap';
import { Modal } from '@/components/ui/modal';
import {
  applyMarkup, DEFAULT_MARKUP, editRow, isValidRow, linesFromPayload, lookupValues, matchProduct, rowsFromLines, WAREHOUSE_IMPORT_MESSAGES,
  type EditableField, type ImportRow, type SourceLine,
} from '@/domain/warehouse/invoice-import';
import { formatEuro } from '@/domain/money';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { sortInvoiceLines, type SetAsideLine } from '@/domain/warehouse/invoice-line-kind';
import { SetAsideLines } from './set-aside-lines';
import './warehouse-import.css';

/**
 * Import goods from an incoming invoice into the warehouse (document 2 §4.6): the invoice's goods lines as
 * editable rows (markup, quantity, base price, VAT, final price), a global markup (default 45%), the existing
 * products matched, one transaction that creates/updates them and sets the invoice's addedToWarehouse, then the
 * warehouse_import log. Phases: loading, processing (the user edits), saving. Shared: the invoices screen mounts
 * it with the invoice it read (data/invoice.ts).
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
    setSaveError(null);
    setPhase({ kind: 'saving' });
    onBusy(true);
    try {
      const result = await importInvoiceRows(shopId, invoice.id, rows, candidates);
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
          operations: result.plan.map((w) => ({
            action: w.kind === 'create' ? 'product_add' : 'product_update',
            code: w.row.code,
            barcode: w.row.barcode,
            name: w.row.name,
            quantity: w.row.quantity,
            before: w.kind === 'update' ? { price: w.product.price, quantity: w.product.stock.qty } : null,
            after: { price: w.row.finalPrice, quantity: w.kind === 'update' ? w.quantity : w.row.quantity, purchasePrice: w.row.basePrice, vatRate: w.row.vatRate },
          })),
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
            <span className="muted">
              Prezzo finale = base × (1 + ricarico) × (1 + IVA). Righe valide: {validCount} di {rows.length}
            </span>
          </div>
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
                {rows.map((row, i) => (
                  <ImportRowView key={row.key} row={row} index={i} match={matchProduct(row, candidates)} onEdit={edit} disabled={busy} />
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
        <button type="button" className="button button--primary" onClick={() => void save()} disabled={phase.kind !== 'processing' || validCount === 0} data-testid="warehouse-import-save">
          {busy ? 'Salvataggio…' : `Importa in magazzino (${validCount})`}
        </button>
      </div>
    </>
  );
}

function NumberCell({ label, value, onChange, disabled }: { label: string; value: number; onChange: (v: string) => void; disabled: boolean }) {
  // Typed text is kept while editing; the row's number is what the formulas computed, shown with a decimal comma
  // so the one number parser reads it back as it is.
  const asText = (n: number) => (Number.isFinite(n) ? String(n).replace('.', ',') : '');
  const [text, setText] = useState(asText(value));
  const [focused, setFocused] = useState(false);
  const shown = focused ? text : Number.isFinite(value) ? asText(value) : text;
  return (
    <input
      inputMode="decimal"
      aria-label={label}
      value={shown}
      disabled={disabled}
      onFocus={() => {
        setText(Number.isFinite(value) ? asText(value) : text);
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

function ImportRowView({ row, index, match, onEdit, disabled }: { row: ImportRow; index: number; match: Scrap | undefined; onEdit: (key: string, field: EditableField, value: string) => void; disabled: boolean }) {
  const valid = isValidRow(row);
  const n = index + 1;
  return (
    <tr className={valid ? undefined : 'wh-import__row--skipped'} data-testid="warehouse-import-row">
      <td>
        <input type="text" aria-label={`Nome prodotto riga ${n}`} value={row.name} onChange={(e) => onEdit(row.key, 'name', e.target.value)} disabled={disabled} className="wh-import__name" />
        <div className="muted wh-import__meta">
          {[row.code && `Cod. ${row.code}`, row.barcode && `EAN ${row.barcode}`, row.pack > 1 && `Confezione da ${row.pack} × ${row.invoiceQuantity}`].filter(Boolean).join(' · ')}
        </div>
        {valid ? null : <div className="field-error">Riga esclusa: nome vuoto o quantità non valida</div>}
      </td>
      <td>
        {match ? (
          <span className="wh-badge wh-badge--update" title={`Quantità attuale ${match.stock.qty}, prezzo ${formatEuro(match.price)}`}>
            Aggiorna «{match.name}»
          </span>
        ) : (
          <span className="wh-badge wh-badge--new">Nuovo</span>
        )}
      </td>
      <td>
        <NumberCell label={`Quantità riga ${n}`} value={row.quantity} onChange={(v) => onEdit(row.key, 'quantity', v)} disabled={disabled} />
        <span className="muted"> {row.um}</span>
      </td>
      <td>
        <NumberCell label={`Ricarico % riga ${n}`} value={row.markup} onChange={(v) => onEdit(row.key, 'markup', v)} disabled={disabled} />
      </td>
      <td>
        <NumberCell label={`Prezzo base riga ${n}`} value={row.basePrice} onChange={(v) => onEdit(row.key, 'basePrice', v)} disabled={disabled} />
      </td>
      <td>
        <NumberCell label={`IVA % riga ${n}`} value={row.vatRate} onChange={(v) => onEdit(row.key, 'vatRate', v)} disabled={disabled} />
      </td>
      <td>
        <NumberCell label={`Prezzo finale riga ${n}`} value={row.finalPrice} onChange={(v) => onEdit(row.key, 'finalPrice', v)} disabled={disabled} />
      </td>
    </tr>
  );
}
