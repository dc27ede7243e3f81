import { DRAFT_NATURA_CODES, DRAFT_VAT_RATES, emptyDraftLine, readDraftLine, type DraftLineErrors, type DraftLineValues } from '@/domain/invoices/draft-lines';
import { formatEuroCents } from '@/domain/money';

interface DraftLinesEditorProps {
  lines: readonly DraftLineValues[];
  errors: Record<string, DraftLineErrors>;
  onChange: (lines: DraftLineValues[]) => void;
  /** Makes the key of a new row. */
  newKey: () => string;
}

type Field = 'name' | 'qty' | 'unitPrice' | 'vatRate' | 'natura' | 'discountPercent';

/** The draft's lines in 'Modifica Bozza': each row editable, removable, and a row added at the end. */
export function DraftLinesEditor({ lines, errors, onChange, newKey }: DraftLinesEditorProps) {
  const set = (key: string, field: Field, value: string) => onChange(lines.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
  const error = (key: string, field: Field) => errors[key]?.[field];
  const total = lines.reduce((s, l) => {
    const read = readDraftLine(l);
    return read.ok ? s + read.line.totalCents : s;
  }, 0);
  const input = (l: DraftLineValues, n: number, field: Field, label: string, props: { inputMode?: 'decimal'; size?: number } = {}) => (
    <>
      <input
        aria-label={`${label} riga ${n}`}
        value={l[field]}
        onChange={(e) => set(l.key, field, e.target.value)}
        aria-invalid={error(l.key, field) ? true : undefined}
        {...props}
      />
      {error(l.key, field) ? <span className="field-error">{error(l.key, field)}</span> : null}
    </>
  );
  return (
    <fieldset className="draft-lines" data-testid="draft-lines">
      <legend>Righe</legend>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Descrizione</th>
              <th scope="col">Quantità</th>
              <th scope="col">Prezzo IVA incl.</th>
              <th scope="col">IVA %</th>
              <th scope="col">Sconto %</th>
              <th scope="col">Totale</th>
              <th scope="col"><span className="visually-hidden">Azioni</span></th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const n = i + 1;
              const read = readDraftLine(l);
              return (
                <tr key={l.key}>
                  <td>{input(l, n, 'name', 'Descrizione')}</td>
                  <td>{input(l, n, 'qty', 'Quantità', { inputMode: 'decimal', size: 5 })}</td>
                  <td>{input(l, n, 'unitPrice', 'Prezzo', { inputMode: 'decimal', size: 8 })}</td>
                  <td>
                    <select aria-label={`IVA riga ${n}`} value={l.vatRate} onChange={(e) => set(l.key, 'vatRate', e.target.value)}>
                      {[...new Set([...DRAFT_VAT_RATES, l.vatRate])].map((r) => <option key={r} value={r}>{r}%</option>)}
                    </select>
                    {l.vatRate === '0' ? (
                      <select aria-label={`Natura riga ${n}`} value={l.natura} onChange={(e) => set(l.key, 'natura', e.target.value)} aria-invalid={error(l.key, 'natura') ? true : undefined}>
                        <option value="">Natura…</option>
                        {DRAFT_NATURA_CODES.map((c) => <option key={c} value={c}>{c}</option>)}
                      </select>
                    ) : null}
                    {error(l.key, 'vatRate') ?? error(l.key, 'natura') ? <span className="field-error">{error(l.key, 'vatRate') ?? error(l.key, 'natura')}</span> : null}
                  </td>
                  <td>{input(l, n, 'discountPercent', 'Sconto', { inputMode: 'decimal', size: 4 })}</td>
                  <td data-testid="draft-line-total">{read.ok ? formatEuroCents(read.line.totalCents) : '—'}</td>
                  <td>
                    <button type="button" className="button button--ghost danger-text" onClick={() => onChange(lines.filter((x) => x.key !== l.key))} disabled={lines.length === 1} aria-label={`Rimuovi riga ${n}`}>
                      Rimuovi
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="draft-lines__footer">
        <button type="button" className="button" onClick={() => onChange([...lines, emptyDraftLine(newKey())])}>Aggiungi riga</button>
        <span>Totale bozza: <strong data-testid="draft-edit-total">{formatEuroCents(total)}</strong></span>
      </p>
    </fieldset>
  );
}
