// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_ERRORS } from '@/data/subscription-chain';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import type { AppRoute } from './route-table';

// The permissions' code chunk: each test says whether it arrives, and what the subscription read answers.
const bundle = vi.hoisted((): { chunk: 'ok' | 'fails'; answer: unknown } => ({ chunk: 'ok', answer: undefined }));
vi.mock('@/data/subscription-bundle', () => {
  if (bundle.chunk === 'fails') throw new TypeError('Failed to fetch dynamically imported module: /assets/subscription-bundle.js');
  return { loadSubscriptionBundle: () => Promise.resolve(bundle.answer) };
});
vi.mock('@/lib/first-screen', () => ({ untilFirstScreen: () => Promise.resolve() }));

const route = { path: '/invoices', title: 'Fatture', layout: 'shell', access: { kind: 'levels', levels: ['shop'] }, pack: 'Fatturazione' } as unknown as AppRoute;

function renderGuarded() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      { path: '/invoices', element: <RouteGuard route={route}>fatture visibili</RouteGuard>, errorElement: <RouteError /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/invoices'] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.resetModules();
  usePermissions.getState().reset();
  useSession.setState({ authStatus: 'signedIn', profileStatus: 'loaded', profile: { level: 'shop' } as never, activeShopId: 'shop-1' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteGuard when the permissions cannot be read', () => {
  it("a permissions chunk that does not arrive leaves 'loading' for the route's error screen and its reload", async () => {
    bundle.chunk = 'fails';
    renderGuarded();
    expect(await screen.findByRole('button', { name: 'Ricarica la pagina' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Non è stato possibile caricare questa sezione');
    expect(usePermissions.getState().status).toBe('error');
  });

  it("a subscription read that fails says so with 'Riprova', and the retry reads again", async () => {
    bundle.chunk = 'ok';
    bundle.answer = { ok: false, error: PERMISSION_ERRORS.readFailed };
    renderGuarded();
    expect((await screen.findByRole('alert')).textContent).toContain(PERMISSION_ERRORS.readFailed);
    expect(screen.queryByText('dashboard')).toBeNull();
    bundle.answer = { ok: true, bundle: { shop: { id: 'shop-1' }, subscription: { expiringDate: new Date(Date.now() + 90 * 86_400_000) }, plan: undefined, packs: [{ id: 'p', name: 'Fatturazione', price: 0 }] } };
    screen.getByRole('button', { name: 'Riprova' }).click();
    await waitFor(() => expect(screen.getByText('fatture visibili')).toBeTruthy());
  });

  it('a subscription that is really missing still sends the user away with the pack message', async () => {
    bundle.chunk = 'ok';
    bundle.answer = { ok: false, error: PERMISSION_ERRORS.subscriptionNotFound };
    renderGuarded();
    expect(await screen.findByText('dashboard')).toBeTruthy();
  });
});
