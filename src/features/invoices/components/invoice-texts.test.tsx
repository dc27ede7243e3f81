// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_TEXTS, SHOP_TEXTS } from '../send/send-drafts';
import { RejectionDetails } from './rejection-details';
import { COPY_TEXTS, SendStatus } from './send-status';

const rejection: { log: unknown } = vi.hoisted(() => ({ log: undefined }));
vi.mock('../api', () => ({ latestRejection: () => Promise.resolve(rejection.log) }));

afterEach(cleanup);

describe('the texts of document 2 §8 on the invoices screens', () => {
  it("a rejection without invoice or user says 'Dati fattura o utente mancanti.'", async () => {
    render(<RejectionDetails shopId="shop-1" invoiceId="" />);
    expect(await screen.findByText('Dati fattura o utente mancanti.')).toBeTruthy();
  });

  it("a rejection log that carries no body says 'Dettagli del rifiuto non trovati o non disponibili.'", async () => {
    rejection.log = { id: 'l1', userId: 'shop-1', functionName: 'customer-notification', details: { invoiceId: 'i1', errors: [], body: {} } };
    render(<RejectionDetails shopId="shop-1" invoiceId="i1" />);
    expect(await screen.findByText('Dettagli del rifiuto non trovati o non disponibili.')).toBeTruthy();
  });

  it('each SDI error is said in the shop’s words with the button to its fix, the SDI’s own text below it', async () => {
    rejection.log = {
      id: 'l2', userId: 'shop-1', functionName: 'customer-notification',
      details: { invoiceId: 'i2', errors: [{ code: '00305', description: 'IdCodice del cessionario non valido' }, { code: '00423', description: 'PrezzoTotale non calcolato correttamente' }], body: { type: 'NS' } },
    };
    const onResend = vi.fn();
    render(<MemoryRouter><RejectionDetails shopId="shop-1" invoiceId="i2" onResend={onResend} /></MemoryRouter>);
    expect(await screen.findByText('La partita IVA del cliente non risulta all’Anagrafe Tributaria.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Correggi i dati del cliente' }).getAttribute('href')).toBe('/customers');
    expect(screen.getByText(/Testo dello SDI: .*IdCodice del cessionario non valido/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Correggi le righe della fattura' }));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it("copying the error where the browser has no clipboard says 'Errore durante copia del messaggio'", () => {
    const onCopied = vi.fn();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    render(<SendStatus state={{ kind: 'failed', status: 500, message: 'Errore', rawBody: '{}' } as never} onRetry={() => undefined} onCopied={onCopied} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copia errore' }));
    expect(onCopied).toHaveBeenCalledWith('error');
    expect(COPY_TEXTS.error).toBe('Errore durante copia del messaggio');
  });

  it('the send and shop alerts are the spec texts', () => {
    expect(SEND_TEXTS.noUser).toBe('Errore: User ID non trovato');
    expect(SHOP_TEXTS.notFound).toBe('Nessuno shop trovato per questo utente!');
    expect(SHOP_TEXTS.loadFailed('permesso negato')).toBe('Errore nel recupero dello shop: permesso negato');
  });
});
