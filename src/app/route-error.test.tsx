// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CHUNK_TIMEOUT_MESSAGE } from '@/lib/lazy-part';
import { RouteError } from './route-error';

afterEach(cleanup);

function renderFailing(error: Error) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Failing = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Failing />, errorElement: <RouteError /> }]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('says a part of the app could not be loaded when its load ran past 120 s, and offers the reload', () => {
    renderFailing(new ChunkLoadError(CHUNK_TIMEOUT_MESSAGE));
    expect(screen.getByRole('alert').textContent).toContain("Non è stato possibile caricare questa sezione: forse l'app è stata aggiornata o la connessione è assente.");
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeTruthy();
  });

  it('tells any other failure apart', () => {
    renderFailing(new Error('x is undefined'));
    expect(screen.getByRole('alert').textContent).toContain('Questa pagina non è riuscita a caricarsi.');
  });
});
