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
export function WarehouseTools({ shopId, filtered, complete, canImportCsv, showPriceLists, onChanged }: WarehouseToolsProps) {
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
        {canImportCsv ? (
          <button type="button" className="button" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
            Importa CSV
          </button>
        ) : null}
        {canImportCsv ? (
          <button type="button" className="button" onClick={() => setFromInvoice(true)}>
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
