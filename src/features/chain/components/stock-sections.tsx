/** The chain dashboard's stock sections: products under their minimum in each shop, a product's stock across the chain. */
import { useMemo, useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { sharesInventory } from '@/domain/chain/chain';
import { findProductStock, loadLowStock } from '../api';
import { LoadView, NotShared, shopName, useLoad, type ChainContext } from './section-kit';

export function LowStockSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.sharing], [context]);
  const load = useLoad(`low|${shops.map((s) => s.id).join(',')}`, () => loadLowStock(shops.map((s) => s.id)));
  return (
    <>
      <LoadView load={load}>
        {(rows: Scrap[]) =>
          rows.length === 0 ? (
            <p className="muted">Nessun prodotto sotto la scorta minima.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table data-table--compact" aria-label="Prodotti sotto la scorta minima">
                <thead>
                  <tr>
                    <th scope="col">Negozio</th>
                    <th scope="col">Prodotto</th>
                    <th scope="col">Codice a barre</th>
                    <th scope="col">Giacenza</th>
                    <th scope="col">Minimo</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <tr key={p.id} data-testid={`low-${p.id}`}>
                      <td>{shopName(shops, p.userId)}</td>
                      <td>{p.name}</td>
                      <td>{p.barcode || '—'}</td>
                      <td>{p.stock.qty}</td>
                      <td>{p.stock.minQty}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

export function WarehouseSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.members.filter((m) => sharesInventory(m, context.master))], [context]);
  const [barcode, setBarcode] = useState('');
  const [searched, setSearched] = useState('');
  const load = useLoad(`stock|${searched}|${shops.map((s) => s.id).join(',')}`, () => (searched ? findProductStock(shops.map((s) => s.id), searched) : Promise.resolve([])));
  return (
    <>
      <form
        className="chain-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(barcode.trim());
        }}
      >
        <div className="field">
          <label htmlFor="chain-barcode">Codice a barre</label>
          <input id="chain-barcode" value={barcode} inputMode="numeric" onChange={(e) => setBarcode(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary">
          Cerca
        </button>
      </form>
      <p className="muted">Negozi con magazzino condiviso: {shops.map((s) => s.name || s.id).join(', ')}</p>
      {searched ? (
        <LoadView load={load}>
          {(rows: Scrap[]) => (
            <div className="table-scroll">
              <table className="data-table data-table--compact" aria-label="Giacenza per negozio">
                <thead>
                  <tr>
                    <th scope="col">Negozio</th>
                    <th scope="col">Prodotto</th>
                    <th scope="col">Giacenza</th>
                  </tr>
                </thead>
                <tbody>
                  {shops.map((s) => {
                    const found = rows.filter((r) => r.userId === s.id);
                    return (
                      <tr key={s.id} data-testid={`stock-${s.id}`}>
                        <th scope="row">{s.name || s.id}</th>
                        <td>{found.map((f) => f.name).join(', ') || 'Non presente'}</td>
                        <td>{found.length > 0 ? found.reduce((n, f) => n + f.stock.qty, 0) : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </LoadView>
      ) : null}
    </>
  );
}
