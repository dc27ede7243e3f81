// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeCredentials } from '@/domain/credentials/obfuscation';
import { QR_FAILURE, QR_NOTICE, QrButton } from './qr-button';

// Firebase Auth is the one thing not run here: the e2e test (tests/e2e/qr.spec.ts) re-authenticates for real
// against the Auth emulator. This test drives the dialog's own logic, with the real qrcode library.
const reauthenticate = vi.fn<(password: string) => Promise<string>>();
vi.mock('./api', () => ({ reauthenticate: (password: string) => reauthenticate(password) }));

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  reauthenticate.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PASSWORD = 'Demo!2026';

function openDialog() {
  render(<QrButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Codice QR per l’app cassa' }));
  expect(screen.getByText('Conferma la password per generare il QR')).toBeTruthy();
}

function passwordInput(): HTMLInputElement {
  return screen.getByLabelText('Password');
}

async function submitPassword(password: string) {
  fireEvent.change(passwordInput(), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Genera QR' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('QrButton', () => {
  it('asks for the password before anything else and refuses an empty one', async () => {
    openDialog();
    await submitPassword('');
    expect(screen.getByRole('alert').textContent).toBe('Inserisci la password.');
    expect(reauthenticate).not.toHaveBeenCalled();
  });

  it('shows an Italian error for a wrong password and no QR', async () => {
    reauthenticate.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error (auth/wrong-password).'), { code: 'auth/wrong-password' }));
    openDialog();
    await submitPassword('sbagliata');
    expect(reauthenticate).toHaveBeenCalledWith('sbagliata');
    expect(screen.getByRole('alert').textContent).toBe('Password non corretta.');
    expect(screen.queryByTestId('qr-image')).toBeNull();
    expect(passwordInput().value).toBe('');
    expect(document.activeElement).toBe(passwordInput());
  });

  it('keeps other auth errors in Italian', async () => {
    reauthenticate.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/too-many-requests' }));
    openDialog();
    await submitPassword('qualcosa');
    expect(screen.getByRole('alert').textContent).toBe('Troppi tentativi. Riprova tra qualche minuto o reimposta la password.');
  });

  it('after re-authentication draws a QR of the obfuscated credentials and says it is not encryption', async () => {
    reauthenticate.mockResolvedValueOnce('negozio@demo.it');
    const toDataUrl = vi.spyOn(QRCode, 'toDataURL');
    openDialog();
    await submitPassword(PASSWORD);
    const image = await screen.findByTestId('qr-image');
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const payload = toDataUrl.mock.calls[0]?.[0];
    expect(typeof payload).toBe('string');
    expect(payload).not.toContain(PASSWORD);
    expect(decodeCredentials(payload as string)).toEqual({ email: 'negozio@demo.it', password: PASSWORD });
    expect(screen.getByRole('note').textContent).toBe(QR_NOTICE);
    expect(QR_NOTICE).toBe('Il codice QR contiene le credenziali solo offuscate, non cifrate: mostralo solo sul dispositivo del negozio e non fotografarlo.');
    // Nothing written to the browser's storage.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('shows the spec message when the QR cannot be generated', async () => {
    reauthenticate.mockResolvedValueOnce('negozio@demo.it');
    vi.spyOn(QRCode, 'toDataURL').mockRejectedValue(new Error('canvas'));
    openDialog();
    await submitPassword(PASSWORD);
    expect(screen.getByRole('alert').textContent).toBe(QR_FAILURE);
    expect(QR_FAILURE).toBe('Failed to generate QR code');
    expect(screen.queryByTestId('qr-image')).toBeNull();
  });

  it('forgets the QR and the password when the dialog closes', async () => {
    reauthenticate.mockResolvedValueOnce('negozio@demo.it');
    openDialog();
    await submitPassword(PASSWORD);
    await screen.findByTestId('qr-image');
    fireEvent.click(screen.getByRole('button', { name: 'Fatto' }));
    expect(screen.queryByTestId('qr-image')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Codice QR per l’app cassa' }));
    expect(screen.queryByTestId('qr-image')).toBeNull();
    expect(passwordInput().value).toBe('');
  });
});
