// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CutoffSetting } from './cutoff-setting';

vi.mock('../api', () => ({ saveBusinessDayCutoff: vi.fn() }));
vi.mock('@/stores/activity-log', () => ({ logActivity: vi.fn() }));

afterEach(cleanup);

const form = () => screen.getByLabelText('Fine della giornata (dopo mezzanotte)').closest('form') as HTMLFormElement;

describe("CutoffSetting: /zreport's business-day sentence before and after the shop is read (issue 40)", () => {
  it('on a first visit nothing is shown until the shop is read: the block keeps its place, hidden and inert', () => {
    const { container } = render(<CutoffSetting shopId="s1" cutoff={undefined} canEdit />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.hasAttribute('inert')).toBe(true);
    expect(screen.queryByTestId('zreport-cutoff')).toBeNull();
    expect(screen.queryByTestId('zreport-cutoff-remembered')).toBeNull();
  });

  it('with the hour read last time, the sentence is shown at once; the form waits for the shop', () => {
    const { container } = render(<CutoffSetting shopId="s1" cutoff={undefined} remembered="04:00" canEdit />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.hasAttribute('aria-hidden')).toBe(false);
    expect(block.hasAttribute('inert')).toBe(false);
    expect(screen.getByTestId('zreport-cutoff-remembered').textContent).toContain('finisce alle 04:00');
    // The live sentence's test id is given only to the value read now.
    expect(screen.queryByTestId('zreport-cutoff')).toBeNull();
    expect(form().hasAttribute('inert')).toBe(true);
    expect(form().getAttribute('aria-hidden')).toBe('true');
  });

  it('the shop read now replaces the remembered hour in the sentence and in the form, which opens', () => {
    const { rerender } = render(<CutoffSetting shopId="s1" cutoff={undefined} remembered="04:00" canEdit />);
    rerender(<CutoffSetting shopId="s1" cutoff="00:00" remembered="04:00" canEdit />);
    expect(screen.getByTestId('zreport-cutoff').textContent).toBe('La giornata contabile va da mezzanotte a mezzanotte.');
    expect(screen.queryByTestId('zreport-cutoff-remembered')).toBeNull();
    expect(form().hasAttribute('inert')).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Fine della giornata (dopo mezzanotte)').value).toBe('00:00');
  });
});
