// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { CONSENT_STORAGE_KEY, makeConsent, type ConsentRecord } from './consent';
import { useConsentStore, useCookieConsent } from './consent-store';
import { CookieBanner } from './cookie-banner';
import CookiePolicyPage from './cookie-policy-page';

// The activity-log writer talks to Firestore; here we only check what the banner asks it to write.
const logActivity = vi.fn<(input: unknown) => void>();
vi.mock('@/stores/activity-log', () => ({ logActivity: (input: unknown) => logActivity(input) }));

function stored(): ConsentRecord {
  return JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as ConsentRecord;
}

function ConsentProbe() {
  const consent = useCookieConsent();
  return <output data-testid="probe">{JSON.stringify(consent)}</output>;
}

function renderApp(withPolicy = false) {
  return render(
    <MemoryRouter>
      {withPolicy ? <CookiePolicyPage /> : null}
      <ConsentProbe />
      <CookieBanner />
    </MemoryRouter>,
  );
}

function signIn(profileLoaded = true) {
  act(() => {
    useSession.getState().signedIn('uid-1', 'negozio@demo.it');
    if (profileLoaded) useSession.getState().profileLoaded({ level: 'shop', levelRaw: 'shop', shops: [], displayName: undefined });
    else useSession.getState().profileLoading();
  });
}

const banner = () => screen.queryByRole('region', { name: 'Consenso ai cookie' });
const probe = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as Record<string, boolean>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  logActivity.mockReset();
  useConsentStore.getState().reload();
  useConsentStore.getState().closePreferences();
  useSession.getState().signedOut();
});
afterEach(cleanup);

describe('CookieBanner', () => {
  it('is shown while no choice is stored, with the policy link and the three choices', () => {
    renderApp();
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/cookie-policy');
    for (const name of ['Accetta tutti', 'Rifiuta', 'Personalizza']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(probe()).toEqual({ decided: false, analytics: false, functional: false });
  });

  it('Rifiuta stores necessary only, hides the banner and, signed out, leaves the log pending', () => {
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ necessary: true, analytics: false, functional: false, choice: 'necessary', pendingLog: true });
    expect(probe()).toEqual({ decided: true, analytics: false, functional: false });
    expect(logActivity).not.toHaveBeenCalled();
  });

  it('a choice made before login is logged once the user is signed in and the profile is known, then never again', () => {
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Accetta tutti' }));
    expect(logActivity).not.toHaveBeenCalled();
    signIn(false);
    expect(logActivity).not.toHaveBeenCalled();
    act(() => useSession.getState().profileLoaded({ level: 'shop', levelRaw: 'shop', shops: [], displayName: undefined }));
    expect(logActivity).toHaveBeenCalledTimes(1);
    expect(logActivity).toHaveBeenCalledWith({
      action: 'cookie_consent_accept',
      module: 'privacy',
      details: expect.objectContaining({ choice: 'all', analytics: true, functional: true }) as unknown,
    });
    expect(stored().pendingLog).toBe(false);
    cleanup();
    renderApp();
    expect(logActivity).toHaveBeenCalledTimes(1);
  });

  it('signed in, the choice is logged at once', () => {
    signIn();
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta' }));
    expect(logActivity).toHaveBeenCalledTimes(1);
    expect(logActivity).toHaveBeenCalledWith(expect.objectContaining({ action: 'cookie_consent_reject', module: 'privacy' }));
    expect(stored().pendingLog).toBe(false);
  });

  it('Personalizza: necessary always on and disabled, the others follow the checkboxes', () => {
    renderApp();
    const toggle = screen.getByRole('button', { name: 'Personalizza' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const necessary = screen.getByRole<HTMLInputElement>('checkbox', { name: /Necessari/ });
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    const analytics = screen.getByRole<HTMLInputElement>('checkbox', { name: /Analitici/ });
    const functional = screen.getByRole<HTMLInputElement>('checkbox', { name: /Funzionali/ });
    expect(analytics.checked).toBe(false);
    expect(functional.checked).toBe(false);
    fireEvent.click(functional);
    fireEvent.click(screen.getByRole('button', { name: 'Salva preferenze' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ necessary: true, analytics: false, functional: true, choice: 'custom' });
    expect(probe()).toEqual({ decided: true, analytics: false, functional: true });
  });

  it('asks again when the stored choice has expired', () => {
    const old = makeConsent('all', { analytics: true, functional: true }, new Date(Date.now() - 366 * 24 * 60 * 60 * 1000));
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...old, pendingLog: false }));
    useConsentStore.getState().reload();
    renderApp();
    expect(banner()).not.toBeNull();
    expect(probe()).toEqual({ decided: false, analytics: false, functional: false });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('stays hidden with a valid stored choice', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...makeConsent('necessary', { analytics: false, functional: false }, new Date()), pendingLog: false }));
    useConsentStore.getState().reload();
    renderApp();
    expect(banner()).toBeNull();
  });

  it('the cookie policy page reopens the preferences with the current choice', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...makeConsent('custom', { analytics: false, functional: true }, new Date()), pendingLog: false }));
    useConsentStore.getState().reload();
    renderApp(true);
    expect(banner()).toBeNull();
    expect(screen.getByTestId('cookie-current-choice').textContent).toContain('Funzionali: accettati');
    fireEvent.click(screen.getByRole('button', { name: 'Preferenze cookie' }));
    expect(banner()).not.toBeNull();
    expect(document.activeElement).toBe(banner());
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Funzionali/ }).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Funzionali/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva preferenze' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ functional: false, analytics: false });
    expect(screen.getByTestId('cookie-current-choice').textContent).toContain('Funzionali: rifiutati');
    // Reopened and closed without a new choice: nothing changes.
    fireEvent.click(screen.getByRole('button', { name: 'Preferenze cookie' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ functional: false });
  });
});
