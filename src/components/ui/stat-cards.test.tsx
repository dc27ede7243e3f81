// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatCards } from './stat-cards';

afterEach(cleanup);

const cards = [
  { id: 'sales-total', label: 'Totale vendite', value: '12,50 €' },
  { id: 'z-difference', label: 'Differenza', value: '-1,00 €', note: 'Chiusure meno vendite' },
];

describe('StatCards', () => {
  it('each card is a region named by its label, value under its test id, note only where given', () => {
    const { container } = render(<StatCards cards={cards} loading={false} data-ignored-answers={2} />);
    expect(screen.getByRole('region', { name: 'Totale vendite' })).toBeTruthy();
    expect(screen.getByTestId('sales-total').textContent).toBe('12,50 €');
    expect(screen.getByRole('region', { name: 'Differenza' }).textContent).toBe('Differenza-1,00 €Chiusure meno vendite');
    expect(screen.getByRole('region', { name: 'Totale vendite' }).querySelectorAll('p')).toHaveLength(2);
    const row = container.firstElementChild as HTMLElement;
    expect([row.className, row.getAttribute('aria-busy'), row.dataset.ignoredAnswers]).toEqual(['stat-cards', 'false', '2']);
  });

  it('while loading: values are … and notes hidden, drawn only for their height (nothing moves when the figures come)', () => {
    const { container } = render(<StatCards cards={cards} loading />);
    expect(screen.getByTestId('sales-total').textContent).toBe('…');
    const note = screen.getByRole('region', { name: 'Differenza' }).lastElementChild as HTMLElement;
    expect([note.textContent, note.className]).toEqual(['Chiusure meno vendite', 'stat-card__label stat-card__label--pending']);
    expect((container.firstElementChild as HTMLElement).getAttribute('aria-busy')).toBe('true');
  });
});
