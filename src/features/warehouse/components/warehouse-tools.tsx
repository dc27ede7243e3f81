import { useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { productsTable } from '@/domain/warehouse/product-csv';
import { datedFileName, downloadText } from '@/lib/download';
import { BulkPriceModal } from './bulk-price-modal';
import { InvoicePicker } from './invoice-picker';
import { ProductImportPanel } from './product-import-panel';

export interface WarehouseToolsProps {
  shopId: string;
  filtered: readonly Scrap[];
  complete: boolean;
  canImportCsv: boolean;
  /** The import decision is still on its way: its buttons keep their place, unseen (see the page). */
  importPending?: boolean;
  showPriceLists: boolean;
  onChanged: (message: string) => void;
}

/**
 * Why the two buttons wait while the pages load. A tooltip, not a line of the row: the line came and went with the
 * loading and moved the table under it (Lighthouse: cumulative layout shift 0.171 on /warehouse); the count in the
 * page's header already says the list is loading.
 */
const WAITING = 'Agisce su tutti i prodotti: disponibile al termine del caricamento.';

/** The list's tools: CSV import (pack 'xml prodotti'), CSV export of the filtered list, bulk price change. */
export function WarehouseTools({ shopId, filtered, complete, canImportCsv, importPending = false, showPriceLists, onChanged }: WarehouseToolsProps) {
  // Hidden, not absent, while the pack decision loads: at phone width these buttons wrap the row, and appearing
  // after the list would push the table down (a layout shift of 0.43 seen in CI).
  const importClass = importPending ? 'button warehouse-tools__reserved' : 'button';
  const [importing, setImporting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [fromInvoice, setFromInvoice] = useState(false);

  async function exportCsv() {
    const { toCsv } = await import('@/domain/csv/csv');
    const table = productsTable(filtered);
    downloadText(datedFileName('prodotti'), toCsv(table.headers, table.rows));
  }

  return (
    <>
      <div className="warehouse-tools">
        {canImportCsv || importPending ? (
          <button type="button" className={importClass} aria-expanded={importing} onClick={() => setImporting((v) => !v)} disabled={importPending}>
            Importa CSV
          </button>
        ) : null}
        {canImportCsv || importPending ? (
          <button type="button" className={importClass} onClick={() => setFromInvoice(true)} disabled={importPending}>
            Carica da fattura
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={filtered.length === 0 || !complete} title={complete ? undefined : WAITING}>
          Esporta CSV
        </button>
        <button type="button" className="button" onClick={() => setBulk(true)} disabled={filtered.length === 0 || !complete} title={complete ? undefined : WAITING}>
          Variazione prezzi
        </button>
      </div>
      {importing ? <ProductImportPanel shopId={shopId} onClose={() => setImporting(false)} onImported={onChanged} /> : null}
      {fromInvoice ? (
        <InvoicePicker
          open
          shopId={shopId}
          onClose={() => setFromInvoice(false)}
          onImported={(message) => {
            setFromInvoice(false);
            onChanged(message);
          }}
        />
      ) : null}
      <BulkPriceModal
        open={bulk}
        products={filtered}
        showPriceLists={showPriceLists}
        onClose={() => setBulk(false)}
        onDone={(message) => {
          setBulk(false);
          onChanged(message);
        }}
      />
    </>
  );
}
