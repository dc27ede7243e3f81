// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loadable } from '@/lib/live-state';
import { LoadStates } from './load-states';

afterEach(cleanup);

const words = { loading: 'Caricamento piani…', error: 'Errore nel caricamento dei piani', empty: 'Nessun piano.' };
const loading: Loadable<string[]> = { status: 'loading', data: undefined, error: undefined };
const failed: Loadable<string[]> = { status: 'error', data: undefined, error: 'Permesso negato.' };
const ready = (data: string[]): Loadable<string[]> => ({ status: 'ready', data, error: undefined });

describe('LoadStates', () => {
  it('says it is loading, and nothing else', () => {
    const { container } = render(<LoadStates state={loading} {...words} isEmpty={false} />);
    expect(container.textContent).toBe('Caricamento piani…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces an error with its reason', () => {
    render(<LoadStates state={failed} {...words} isEmpty={false} />);
    expect(screen.getByRole('alert').textContent).toBe('Errore nel caricamento dei piani: Permesso negato.');
  });

  it('shows the empty text only when the list shows nothing', () => {
    const { container, rerender } = render(<LoadStates state={ready([])} {...words} isEmpty />);
    expect(container.textContent).toBe('Nessun piano.');
    rerender(<LoadStates state={ready(['Base'])} {...words} isEmpty={false} />);
    expect(container.textContent).toBe('');
  });
});
