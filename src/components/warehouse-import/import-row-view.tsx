import { useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { formatEuro } from '@/domain/money';
import { isValidRow, type EditableField, type ImportRow } from '@/domain/warehouse/invoice-import';
import { listinoConflictText, PRICE_EPSILON, type PricedUpdate } from '@/domain/warehouse/import-prices';

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

export interface ImportRowViewProps {
  row: ImportRow;
  index: number;
  match: Scrap | undefined;
  /** What the import writes on the matched product (its price and listini). */
  priced: PricedUpdate | undefined;
  onEdit: (key: string, field: EditableField, value: string) => void;
  disabled: boolean;
}

/**
 * One invoice line as an editable row. A row matching a product shows the product's current cost and price beside
 * the new ones, and its final price is the one written (the import's rule, or typed by hand) with the computed one
 * noted when they differ: the cost stays the invoice's whatever price the shop picks.
 */
export function ImportRowView({ row, index, match, priced, onEdit, disabled }: ImportRowViewProps) {
  const valid = isValidRow(row);
  const n = index + 1;
  const differs = priced !== undefined && Math.abs(priced.price - row.finalPrice) > PRICE_EPSILON;
  return (
    <tr className={valid ? undefined : 'wh-import__row--skipped'} data-testid="warehouse-import-row">
      <td>
        <input type="text" aria-label={`Nome prodotto riga ${n}`} value={row.name} onChange={(e) => onEdit(row.key, 'name', e.target.value)} disabled={disabled} className="wh-import__name" />
        <div className="muted wh-import__meta">
          {[row.code && `Cod. ${row.code}`, row.barcode && `EAN ${row.barcode}`, row.pack > 1 && `Confezione da ${row.pack} × ${row.invoiceQuantity}`].filter(Boolean).join(' · ')}
        </div>
        {valid ? null : <div className="field-error">Riga esclusa: nome vuoto o quantità non valida</div>}
        {valid && priced
          ? priced.conflicts.map((c) => (
              <div key={c.field} className="wh-import__warning" data-testid="warehouse-import-listino-warning">
                {listinoConflictText(c)}
                {priced.listini[c.field] === undefined ? null : <span>: sarà abbassato a {formatEuro(priced.price)}</span>}
              </div>
            ))
          : null}
      </td>
      <td>
        {match ? (
          <>
            <span className="wh-badge wh-badge--update" title={`Quantità attuale ${match.stock.qty}, prezzo ${formatEuro(match.price)}`}>
              Aggiorna «{match.name}»
            </span>
            <div className="muted wh-import__meta" data-testid="warehouse-import-current">
              Attuale: costo {match.purchasePrice === undefined ? 'non indicato' : formatEuro(match.purchasePrice)} · prezzo {formatEuro(match.price)}
            </div>
          </>
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
        {priced ? (
          <>
            <NumberCell label={`Prezzo finale riga ${n}`} value={priced.price} onChange={(v) => onEdit(row.key, 'manualPrice', v)} disabled={disabled} />
            {differs ? (
              <div className="muted wh-import__meta" data-testid="warehouse-import-computed">
                Calcolato {formatEuro(row.finalPrice)} · {row.manualPrice === undefined ? 'mantenuto il prezzo attuale' : 'modificato a mano'}
              </div>
            ) : null}
          </>
        ) : (
          <NumberCell label={`Prezzo finale riga ${n}`} value={row.finalPrice} onChange={(v) => onEdit(row.key, 'finalPrice', v)} disabled={disabled} />
        )}
      </td>
    </tr>
  );
}
