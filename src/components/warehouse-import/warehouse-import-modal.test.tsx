// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeInvoice } from '@/data/invoice';
import type { Scrap } from '@/data/scrap';
import type { ImportRow } from '@/domain/warehouse/invoice-import';
import { useSession } from '@/stores/session';

// Firestore is the one thing not run here (the e2e spec runs the transaction against the emulator).
const lookupProducts = vi.fn<(shopId: string, values: unknown) => Promise<Scrap[]>>();
const importInvoiceRows = vi.fn<(shopId: string, invoiceId: string, rows: ImportRow[], candidates: Scrap[]) => Promise<unknown>>();
const logActivity = vi.fn<(input: unknown) => void>();
vi.mock('@/data/warehouse-import', () => {
  class WarehouseImportError extends Error {}
  return {
    WarehouseImportError,
    lookupProducts: (shopId: string, values: unknown): Promise<Scrap[]> => lookupProducts(shopId, values),
    importInvoiceRows: (shopId: string, invoiceId: string, rows: ImportRow[], candidates: Scrap[]) => importInvoiceRows(shopId, invoiceId, rows, candidates),
  };
});
vi.mock('@/stores/activity-log', () => ({ logActivity: (input: unknown) => logActivity(input) }));

const { WarehouseImportModal } = await import('./warehouse-import-modal');

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  lookupProducts.mockReset();
  importInvoiceRows.mockReset();
  logActivity.mockReset();
  useSession.setState({ uid: 'shop-1', activeShopId: 'shop-1' });
});
afterEach(() => cleanup());

const payload = JSON.stringify({
  fattura_elettronica_header: {},
  fattura_elettronica_body: [{
    dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', numero: '7', data: '2026-11-01', divisa: 'EUR' } },
    dati_beni_servizi: { dettaglio_linee: [
      { numero_linea: 1, descrizione: 'Trapano', quantita: '2.00', prezzo_unitario: '10.00', prezzo_totale: '20.00', aliquota_iva: '22.00', codice_articolo: [{ codice_tipo: 'SKU', codice_valore: 'T1' }] },
      { numero_linea: 2, descrizione: 'Acqua CF 6', quantita: '1.00', prezzo_unitario: '3.00', prezzo_totale: '3.00', aliquota_iva: '10.00' },
    ] },
  }],
});
const invoice = normalizeInvoice('inv-1', { userId: 'shop-1', type: 1, payload });
const existing = { id: 'p1', userId: 'shop-1', name: 'Trapano', code: 'T1', barcode: '', price: 20, quantity: 1, um: 'PZ', stock: { qty: 1, minQty: 0, track: true }, changedPrice: false, migrated: false } as Scrap;

describe('WarehouseImportModal', () => {
  it('lists the lines with the formula prices, marks the match, saves and logs', async () => {
    lookupProducts.mockResolvedValue([existing]);
    importInvoiceRows.mockResolvedValue({ count: 2, created: 1, updated: 1, plan: [] });
    const onImported = vi.fn();
    const onClose = vi.fn();
    render(<WarehouseImportModal open invoice={invoice} onClose={onClose} onImported={onImported} />);
    await screen.findByTestId('warehouse-import-rows');
    expect(lookupProducts).toHaveBeenCalledWith('shop-1', { codes: ['T1'], barcodes: ['T1'], names: ['Trapano', 'Acqua CF 6'] });
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1')).value).toBe('17,69');
    expect((screen.getByLabelText<HTMLInputElement>('Quantità riga 2')).value).toBe('6');
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 2')).value).toBe('0,5');
    expect(screen.getByText('Aggiorna «Trapano»')).toBeTruthy();
    expect(screen.getByText('Nuovo')).toBeTruthy();

    fireEvent.change(screen.getByLabelText<HTMLInputElement>('Ricarico globale %'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica a tutte le righe' }));
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1')).value).toBe('24,4');
    fireEvent.change(screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1'), { target: { value: '30' } });
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 1')).value).toBe('12,2951');

    act(() => {
      fireEvent.click(screen.getByTestId('warehouse-import-save'));
    });
    await waitFor(() => expect(onImported).toHaveBeenCalledWith('2 prodotti importati/aggiornati in magazzino!', expect.anything()));
    const call = importInvoiceRows.mock.calls[0];
    const invoiceId = call?.[1];
    const rows = call?.[2] ?? [];
    expect(invoiceId).toBe('inv-1');
    expect(rows[0]).toMatchObject({ finalPrice: 30, basePrice: 12.2951, markup: 100 });
    expect(logActivity.mock.calls[0]?.[0]).toMatchObject({ action: 'warehouse_import', module: 'warehouse', details: { count: 2, userId: 'shop-1', invoiceId: 'inv-1' } });
    expect(onClose).toHaveBeenCalled();
  });

  it('an invoice without lines or without data says so', async () => {
    const { rerender } = render(<WarehouseImportModal open invoice={normalizeInvoice('x', { userId: 'shop-1', type: 1, payload: '' })} onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe("Dati fattura incompleti per l'aggiunta al magazzino.");
    const empty = normalizeInvoice('y', { userId: 'shop-1', type: 1, payload: JSON.stringify({ fattura_elettronica_header: {}, fattura_elettronica_body: [{}] }) });
    rerender(<WarehouseImportModal open invoice={empty} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Nessun prodotto trovato nel payload della fattura.'));
  });

  it('a failed save keeps the rows and shows the reason', async () => {
    lookupProducts.mockResolvedValue([]);
    importInvoiceRows.mockRejectedValue(new Error('rete assente'));
    render(<WarehouseImportModal open invoice={invoice} onClose={() => undefined} />);
    await screen.findByTestId('warehouse-import-rows');
    act(() => {
      fireEvent.click(screen.getByTestId('warehouse-import-save'));
    });
    expect((await screen.findByRole('alert')).textContent).toBe("Errore durante l'importazione: rete assente");
    expect(screen.getAllByTestId('warehouse-import-row')).toHaveLength(2);
    expect(logActivity).not.toHaveBeenCalled();
  });

  it('sets apart the lines that are not goods: a discount lowers the cost, shipping and references are not offered', async () => {
    lookupProducts.mockResolvedValue([]);
    const mixed = JSON.stringify({
      fattura_elettronica_header: {},
      fattura_elettronica_body: [{
        dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', numero: '8', data: '2026-11-01', divisa: 'EUR' } },
        dati_beni_servizi: { dettaglio_linee: [
          { numero_linea: 1, descrizione: 'Rif. Doc. di trasporto n. 12 del 30/10/2026', prezzo_unitario: '0.00', prezzo_totale: '0.00', aliquota_iva: '22.00' },
          { numero_linea: 2, descrizione: 'Trapano', quantita: '2.00', prezzo_unitario: '10.00', prezzo_totale: '20.00', aliquota_iva: '22.00' },
          { numero_linea: 3, descrizione: 'SCONTO', quantita: '1.00', prezzo_unitario: '-4.00', prezzo_totale: '-4.00', aliquota_iva: '22.00' },
          { numero_linea: 4, descrizione: 'Costi di spedizione', quantita: '1.00', prezzo_unitario: '7.50', prezzo_totale: '7.50', aliquota_iva: '22.00' },
        ] },
      }],
    });
    render(<WarehouseImportModal open invoice={normalizeInvoice('inv-2', { userId: 'shop-1', type: 1, payload: mixed })} onClose={() => undefined} />);
    await screen.findByTestId('warehouse-import-rows');
    expect(screen.getAllByTestId('warehouse-import-row')).toHaveLength(1);
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 1')).value).toBe('8');
    const apart = screen.getAllByTestId('warehouse-import-apart-line').map((li) => li.textContent ?? '');
    expect(apart).toHaveLength(3);
    expect(apart[0]).toContain('Riga descrittiva');
    expect(apart[1]).toMatch(/Sconto.*SCONTO.*ripartito sul costo di: Trapano/);
    expect(apart[2]).toContain('Spesa accessoria');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi come prodotto: Costi di spedizione' }));
    expect(screen.getAllByTestId('warehouse-import-row')).toHaveLength(2);
    expect(screen.getAllByTestId('warehouse-import-apart-line')).toHaveLength(2);
  });
});
