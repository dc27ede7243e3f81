// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderQuarantineEntry } from '@/data/provider-quarantine';
import type { ReleaseAnswer } from '../api';
import { QuarantineReleaseModal, RELEASE_SHOP_REQUIRED, releasedMessage } from './quarantine-release-modal';

// The call itself (the releaseQuarantined function, admins only) is tested against the emulators in
// tests/integration/provider-webhook.test.ts and end to end in tests/e2e/provider-callbacks.spec.ts.
const release = vi.fn<(entryId: string, shopId: string) => Promise<ReleaseAnswer>>();
vi.mock('../api', () => ({ releaseQuarantined: (entryId: string, shopId: string) => release(entryId, shopId) }));
vi.mock('@/stores/activity-log', () => ({ logActivity: vi.fn() }));

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => release.mockReset());
afterEach(cleanup);

const entry = (candidates: string[]): ProviderQuarantineEntry => ({
  id: 'supplier-invoice_u-1', reason: 'ambiguous-recipient', event: 'supplier-invoice', uuid: 'u-1', recipientIds: ['07788990011'], candidates, body: '{}', attempts: 1,
});

describe('QuarantineReleaseModal', () => {
  it('offers the candidates first and releases into the chosen one', async () => {
    const onReleased = vi.fn();
    release.mockResolvedValue({ ok: true, invoiceId: 'u-1', shopId: 'shop-b' });
    render(<QuarantineReleaseModal entry={entry(['shop-a', 'shop-b'])} onClose={vi.fn()} onReleased={onReleased} />);
    expect(screen.getByRole('dialog', { name: 'Assegna al negozio' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /shop-a/ }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /shop-b/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Conferma assegnazione' }));
    await waitFor(() => expect(onReleased).toHaveBeenCalledWith(releasedMessage('shop-b')));
    expect(release).toHaveBeenCalledWith('supplier-invoice_u-1', 'shop-b');
  });

  it('asks for a shop id when there is no candidate, and shows the server refusal in Italian', async () => {
    const onReleased = vi.fn();
    release.mockResolvedValue({ ok: false, message: 'Esiste già una fattura con lo stesso identificativo: la consegna non è stata assegnata.' });
    render(<QuarantineReleaseModal entry={entry([])} onClose={vi.fn()} onReleased={onReleased} />);
    fireEvent.click(screen.getByRole('button', { name: 'Conferma assegnazione' }));
    expect(screen.getByRole('alert').textContent).toBe(RELEASE_SHOP_REQUIRED);
    expect(release).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('ID del negozio'), { target: { value: ' shop-c ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conferma assegnazione' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Assegnazione non riuscita: Esiste già una fattura con lo stesso identificativo: la consegna non è stata assegnata.'));
    expect(release).toHaveBeenCalledWith('supplier-invoice_u-1', 'shop-c');
    expect(onReleased).not.toHaveBeenCalled();
  });
});
