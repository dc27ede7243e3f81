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
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={filtered.length === 0 || !complete}>
          Esporta CSV
        </button>
        <button type="button" className="button" onClick={() => setBulk(true)} disabled={filtered.length === 0 || !complete}>
          Variazione prezzi
        </button>
        {complete ? null : (
          <span className="muted" data-testid="tools-waiting">
            Esporta CSV e Variazione prezzi agiscono su tutti i prodotti: disponibili al termine del caricamento.
          </span>
        )}
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
