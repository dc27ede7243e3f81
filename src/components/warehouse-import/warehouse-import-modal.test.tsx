// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeInvoice } from '@/data/invoice';
import type { Scrap } from '@/data/scrap';
import { planImport, type ImportRow } from '@/domain/warehouse/invoice-import';
import type { ImportPricing } from '@/domain/warehouse/import-prices';
import { useSession } from '@/stores/session';

// Firestore is the one thing not run here (the e2e spec runs the transaction against the emulator).
const lookupProducts = vi.fn<(shopId: string, values: unknown) => Promise<Scrap[]>>();
const importInvoiceRows = vi.fn<(shopId: string, invoiceId: string, rows: ImportRow[], candidates: Scrap[], pricing: ImportPricing) => Promise<unknown>>();
const logActivity = vi.fn<(input: unknown) => void>();
vi.mock('@/data/warehouse-import', () => {
  class WarehouseImportError extends Error {}
  return {
    WarehouseImportError,
    lookupProducts: (shopId: string, values: unknown): Promise<Scrap[]> => lookupProducts(shopId, values),
    importInvoiceRows: (shopId: string, invoiceId: string, rows: ImportRow[], candidates: Scrap[], pricing: ImportPricing) => importInvoiceRows(shopId, invoiceId, rows, candidates, pricing),
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
    // Computed 17,69 under the product's 20,00: the default keeps the current price.
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1')).value).toBe('20');
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 2')).value).toBe('0,8');
    expect((screen.getByLabelText<HTMLInputElement>('Quantità riga 2')).value).toBe('6');
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 2')).value).toBe('0,5');
    expect(screen.getByText('Aggiorna «Trapano»')).toBeTruthy();
    expect(screen.getByText('Nuovo')).toBeTruthy();

    fireEvent.change(screen.getByLabelText<HTMLInputElement>('Ricarico globale %'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica a tutte le righe' }));
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1')).value).toBe('24,4');
    // A new product's final price back-computes its base; a matched product's is its selling price, its cost the invoice's.
    fireEvent.change(screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 2'), { target: { value: '1,2' } });
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 2')).value).toBe('0,5455');
    fireEvent.change(screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1'), { target: { value: '30' } });
    expect((screen.getByLabelText<HTMLInputElement>('Prezzo base riga 1')).value).toBe('10');

    act(() => {
      fireEvent.click(screen.getByTestId('warehouse-import-save'));
    });
    await waitFor(() => expect(onImported).toHaveBeenCalledWith('2 prodotti importati/aggiornati in magazzino!', expect.anything()));
    const call = importInvoiceRows.mock.calls[0];
    const invoiceId = call?.[1];
    const rows = call?.[2] ?? [];
    expect(invoiceId).toBe('inv-1');
    expect(rows[0]).toMatchObject({ manualPrice: 30, finalPrice: 24.4, basePrice: 10, markup: 100 });
    expect(rows[1]).toMatchObject({ finalPrice: 1.2, basePrice: 0.5455, markup: 100 });
    expect(call?.[4]).toEqual({ rule: 'keep-higher', listini: undefined });
    expect(logActivity.mock.calls[0]?.[0]).toMatchObject({ action: 'warehouse_import', module: 'warehouse', details: { count: 2, userId: 'shop-1', invoiceId: 'inv-1' } });
    expect(onClose).toHaveBeenCalled();
  });

  describe('a product already in the warehouse', () => {
    // The invoice's Trapano: 2 × 10,00 → computed 17,69; the product sells at 20,00 with listini 19,00 and 15,00.
    const stocked = { ...existing, purchasePrice: 8.2, listino2: 19, listino3: 15 } as Scrap;
    // The write's plan, as the data layer makes it from what the modal passes.
    const realPlan = () =>
      importInvoiceRows.mockImplementation((_shop, _inv, rows, candidates, pricing) => {
        const plan = planImport(rows, candidates, pricing);
        return Promise.resolve({ count: plan.length, created: plan.filter((w) => w.kind === 'create').length, updated: plan.filter((w) => w.kind === 'update').length, plan });
      });
    const operation = (name: string) => {
      const details = (logActivity.mock.calls[0]?.[0] as { details: { operations: { name: string; before: unknown; after: unknown }[] } } | undefined)?.details;
      return details?.operations.find((o) => o.name === name);
    };
    const save = async () => {
      act(() => {
        fireEvent.click(screen.getByTestId('warehouse-import-save'));
      });
      await waitFor(() => expect(logActivity).toHaveBeenCalled());
    };
    const finalPrice = () => screen.getByLabelText<HTMLInputElement>('Prezzo finale riga 1').value;

    it('shows its current cost and price beside the new ones; by default a higher current price is kept', async () => {
      lookupProducts.mockResolvedValue([stocked]);
      realPlan();
      render(<WarehouseImportModal open invoice={invoice} onClose={() => undefined} />);
      await screen.findByTestId('warehouse-import-rows');
      expect(screen.getByTestId('warehouse-import-current').textContent).toBe('Attuale: costo 8,20\u00a0€ · prezzo 20,00\u00a0€');
      expect(screen.getByLabelText<HTMLSelectElement>('Prezzo dei prodotti già in magazzino').value).toBe('keep-higher');
      expect(finalPrice()).toBe('20');
      expect(screen.getByLabelText<HTMLInputElement>('Prezzo base riga 1').value).toBe('10');
      expect(screen.getByTestId('warehouse-import-computed').textContent).toBe('Calcolato 17,69\u00a0€ · mantenuto il prezzo attuale');
      expect(screen.queryByTestId('warehouse-import-listino-warning')).toBeNull();
      expect(screen.queryByTestId('warehouse-import-listini')).toBeNull();
      await save();
      expect(importInvoiceRows.mock.calls[0]?.[4]).toEqual({ rule: 'keep-higher', listini: undefined });
      expect(operation('Trapano')).toEqual({
        action: 'product_update', code: 'T1', barcode: '', name: 'Trapano', quantity: 2,
        before: { price: 20, quantity: 1, purchasePrice: 8.2, vatRate: undefined, listino2: 19, listino3: 15 },
        after: { price: 20, quantity: 3, purchasePrice: 10, vatRate: 22, listino2: 19, listino3: 15 },
      });
    });

    it("'Usa sempre il prezzo calcolato' lowers it; a price typed on the row wins over the rule", async () => {
      lookupProducts.mockResolvedValue([{ ...existing, purchasePrice: 8.2 }]);
      realPlan();
      render(<WarehouseImportModal open invoice={invoice} onClose={() => undefined} />);
      await screen.findByTestId('warehouse-import-rows');
      fireEvent.change(screen.getByLabelText('Prezzo dei prodotti già in magazzino'), { target: { value: 'computed' } });
      expect(finalPrice()).toBe('17,69');
      expect(screen.queryByTestId('warehouse-import-computed')).toBeNull();
      fireEvent.change(screen.getByLabelText('Prezzo finale riga 1'), { target: { value: '18,5' } });
      fireEvent.blur(screen.getByLabelText('Prezzo finale riga 1'));
      fireEvent.change(screen.getByLabelText('Prezzo dei prodotti già in magazzino'), { target: { value: 'keep-current' } });
      expect(finalPrice()).toBe('18,5');
      expect(screen.getByTestId('warehouse-import-computed').textContent).toBe('Calcolato 17,69\u00a0€ · modificato a mano');
      fireEvent.change(screen.getByLabelText('Prezzo finale riga 1'), { target: { value: '' } });
      fireEvent.blur(screen.getByLabelText('Prezzo finale riga 1'));
      expect(finalPrice()).toBe('20');
      fireEvent.change(screen.getByLabelText('Prezzo dei prodotti già in magazzino'), { target: { value: 'computed' } });
      await save();
      expect(operation('Trapano')).toMatchObject({ before: { price: 20 }, after: { price: 17.69, purchasePrice: 10 } });
    });

    it('a listino above the new price is shown, the import waits for a choice, and the listini stay unless lowering is chosen', async () => {
      lookupProducts.mockResolvedValue([stocked]);
      realPlan();
      render(<WarehouseImportModal open invoice={invoice} onClose={() => undefined} />);
      await screen.findByTestId('warehouse-import-rows');
      fireEvent.change(screen.getByLabelText('Prezzo dei prodotti già in magazzino'), { target: { value: 'computed' } });
      expect(screen.getAllByTestId('warehouse-import-listino-warning').map((w) => w.textContent)).toEqual(['Listino 2 (19,00\u00a0€) più alto del nuovo prezzo']);
      expect(screen.getByRole('group', { name: 'Listini più alti del nuovo prezzo: 1 prodotto' })).toBeTruthy();
      const lower = screen.getByLabelText<HTMLInputElement>('Abbassa i listini al nuovo prezzo');
      const keep = screen.getByLabelText<HTMLInputElement>('Lascia i listini come sono');
      expect(lower.checked || keep.checked).toBe(false);
      expect(screen.getByTestId<HTMLButtonElement>('warehouse-import-save').disabled).toBe(true);
      fireEvent.click(keep);
      expect(screen.getByTestId<HTMLButtonElement>('warehouse-import-save').disabled).toBe(false);
      await save();
      expect(importInvoiceRows.mock.calls[0]?.[4]).toEqual({ rule: 'computed', listini: 'keep' });
      expect(operation('Trapano')).toMatchObject({ before: { price: 20, listino2: 19, listino3: 15 }, after: { price: 17.69, listino2: 19, listino3: 15 } });
    });

    it('lowering the listini, when chosen, writes them at the new price and logs it', async () => {
      lookupProducts.mockResolvedValue([stocked]);
      realPlan();
      render(<WarehouseImportModal open invoice={invoice} onClose={() => undefined} />);
      await screen.findByTestId('warehouse-import-rows');
      fireEvent.change(screen.getByLabelText('Prezzo dei prodotti già in magazzino'), { target: { value: 'computed' } });
      fireEvent.click(screen.getByLabelText('Abbassa i listini al nuovo prezzo'));
      expect(screen.getByTestId('warehouse-import-listino-warning').textContent).toBe('Listino 2 (19,00\u00a0€) più alto del nuovo prezzo: sarà abbassato a 17,69\u00a0€');
      await save();
      const plan = (await (importInvoiceRows.mock.results[0]?.value as Promise<{ plan: unknown[] }>)).plan;
      expect(plan[0]).toMatchObject({ kind: 'update', price: 17.69, listini: { listino2: 17.69 } });
      expect(operation('Trapano')).toMatchObject({ before: { listino2: 19, listino3: 15 }, after: { price: 17.69, listino2: 17.69, listino3: 15 } });
    });
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
