// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListLoadError } from './list-load-error';

describe('ListLoadError', () => {
  afterEach(cleanup);

  it("an incomplete list says so and 'Riprova' listens again", () => {
    const retry = vi.fn();
    render(<ListLoadError label="Impossibile caricare i prodotti" error="Caricamento incompleto: riprova" kind="incomplete" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Caricamento incompleto: riprova');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('any other error shows its reason, without a retry button', () => {
    render(<ListLoadError label="Impossibile caricare i clienti" error="Permesso negato." kind={undefined} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Impossibile caricare i clienti: Permesso negato.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
