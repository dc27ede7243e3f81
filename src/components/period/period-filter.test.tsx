// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Period, PeriodChoice } from '@/domain/dashboard/period';
import { PeriodFilter } from './period-filter';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 1 January 2027, 00:30 in Rome.
  vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PeriodFilter', () => {
  it("'Mese scorso', where asked, applies the whole previous calendar month", () => {
    const onApply = vi.fn<(period: Period, choice: PeriodChoice) => void>();
    render(<PeriodFilter loading={false} lastMonth onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mese scorso' }));
    expect(onApply).toHaveBeenCalledWith({ start: new Date(2026, 11, 1), end: new Date(2027, 0, 1) }, { mode: 'last-month' });
    fireEvent.click(screen.getByRole('button', { name: 'Oggi' }));
    expect(onApply).toHaveBeenLastCalledWith({ start: new Date(2027, 0, 1), end: new Date(2027, 0, 2) }, { mode: 'today' });
  });

  it("without it (the dashboard) there is no 'Mese scorso'", () => {
    render(<PeriodFilter loading={false} onApply={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Mese scorso' })).toBeNull();
  });
});
