import { LINE_KIND_LABELS, type SetAsideLine } from '@/domain/warehouse/invoice-line-kind';
import { formatEuro } from '@/domain/money';

/**
 * The invoice's lines that are not offered as products (discounts, charges, descriptive and negative lines), each
 * with what it is and why; a charge or a descriptive line can still be added by hand.
 */
export function SetAsideLines({ lines, onAdd, disabled }: { lines: readonly SetAsideLine[]; onAdd: (line: SetAsideLine) => void; disabled: boolean }) {
  if (lines.length === 0) return null;
  return (
    <section className="wh-import__apart" aria-labelledby="wh-import-apart-title" data-testid="warehouse-import-apart">
      <h3 id="wh-import-apart-title" className="wh-import__apart-title">Righe non caricate come prodotti ({lines.length})</h3>
      <ul className="wh-import__apart-list">
        {lines.map((l) => (
          <li key={l.key} data-testid="warehouse-import-apart-line">
            <span className="wh-badge wh-badge--apart">{LINE_KIND_LABELS[l.kind]}</span> <strong>{l.description || '(senza descrizione)'}</strong>
            {l.total !== undefined && l.total !== 0 ? <span> · {formatEuro(l.total)}</span> : null}
            <div className="muted wh-import__meta">{l.reason}</div>
            {l.kind === 'charge' || l.kind === 'text' ? (
              <button type="button" className="button button--ghost" onClick={() => onAdd(l)} disabled={disabled} aria-label={`Aggiungi come prodotto: ${l.description}`}>
                Aggiungi come prodotto
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
