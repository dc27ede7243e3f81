import { useState } from 'react';
import type { Scrap } from '@/data/scrap';
import type { LineForm } from '../ddt-form-state';

interface Props {
  lines: LineForm[];
  products: Scrap[] | undefined;
  onChange: (lines: LineForm[]) => void;
  onAddProduct: (product: Scrap) => void;
  onAddEmpty: () => void;
}

const MAX_MATCHES = 8;

/** The note's lines: picked from the warehouse (search by name, code or barcode) or typed. */
export function LinesEditor({ lines, products, onChange, onAddProduct, onAddEmpty }: Props) {
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const matches = q && products ? products.filter((p) => p.name.toLowerCase().includes(q) || p.code.toLowerCase() === q || p.barcode === q).slice(0, MAX_MATCHES) : [];
  const patch = (key: string, change: Partial<LineForm>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));

  return (
    <div className="ddt-lines">
      <div className="ddt-lines__picker">
        <label className="field">
          Aggiungi dal magazzino
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={products ? 'Nome, codice o codice a barre' : 'Caricamento prodotti…'}
            disabled={!products}
          />
        </label>
        {q && products ? (
          <ul className="ddt-lines__matches" aria-label="Prodotti trovati">
            {matches.length === 0 ? <li className="muted">Nessun prodotto trovato.</li> : null}
            {matches.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    onAddProduct(p);
                    setSearch('');
                  }}
                >
                  {p.name}
                  {p.code ? ` (${p.code})` : ''}
                  {p.stock.track ? ` — giacenza ${String(p.stock.qty).replace('.', ',')}` : ''}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="button" onClick={onAddEmpty}>
          Aggiungi riga libera
        </button>
      </div>
      <table className="data-table ddt-lines__table">
        <caption className="visually-hidden">Righe del DDT</caption>
        <thead>
          <tr>
            <th scope="col">Codice</th>
            <th scope="col">Descrizione</th>
            <th scope="col">U.M.</th>
            <th scope="col">Quantità</th>
            <th scope="col">Prezzo unitario</th>
            <th scope="col">IVA %</th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={l.key}>
              <td>
                <input aria-label={`Codice riga ${i + 1}`} value={l.code} onChange={(e) => patch(l.key, { code: e.target.value })} size={8} />
              </td>
              <td>
                <input aria-label={`Descrizione riga ${i + 1}`} value={l.description} onChange={(e) => patch(l.key, { description: e.target.value })} />
                {l.productId ? <span className="ddt-lines__tag">magazzino</span> : null}
              </td>
              <td>
                <input aria-label={`Unità di misura riga ${i + 1}`} value={l.um} onChange={(e) => patch(l.key, { um: e.target.value })} size={3} />
              </td>
              <td>
                <input aria-label={`Quantità riga ${i + 1}`} value={l.quantity} onChange={(e) => patch(l.key, { quantity: e.target.value })} inputMode="decimal" size={5} />
              </td>
              <td>
                <input aria-label={`Prezzo riga ${i + 1}`} value={l.unitPrice} onChange={(e) => patch(l.key, { unitPrice: e.target.value })} inputMode="decimal" size={7} />
              </td>
              <td>
                <input aria-label={`IVA riga ${i + 1}`} value={l.vatRate} onChange={(e) => patch(l.key, { vatRate: e.target.value })} inputMode="decimal" size={3} />
              </td>
              <td>
                <button type="button" className="button button--ghost" aria-label={`Rimuovi riga ${i + 1}`} onClick={() => onChange(lines.filter((x) => x.key !== l.key))}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
