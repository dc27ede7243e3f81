// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
