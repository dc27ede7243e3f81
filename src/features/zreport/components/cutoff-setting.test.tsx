// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CutoffSetting } from './cutoff-setting';

vi.mock('../api', () => ({ saveBusinessDayCutoff: vi.fn() }));
vi.mock('@/stores/activity-log', () => ({ logActivity: vi.fn() }));

afterEach(cleanup);

describe("CutoffSetting: /zreport's business-day sentence before and after the shop is read", () => {
  it('nothing is shown until the shop is read: the block keeps its place (no layout shift), hidden and inert', () => {
    const { container } = render(<CutoffSetting shopId="s1" cutoff={undefined} canEdit />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.hasAttribute('inert')).toBe(true);
    expect(screen.queryByTestId('zreport-cutoff')).toBeNull();
  });

  it('the shop read shows its hour in the sentence and in the form, which opens', () => {
    const { container, rerender } = render(<CutoffSetting shopId="s1" cutoff={undefined} canEdit />);
    rerender(<CutoffSetting shopId="s1" cutoff="00:00" canEdit />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.hasAttribute('inert')).toBe(false);
    expect(screen.getByTestId('zreport-cutoff').textContent).toBe('La giornata contabile va da mezzanotte a mezzanotte.');
    expect(screen.getByLabelText<HTMLInputElement>('Fine della giornata (dopo mezzanotte)').value).toBe('00:00');
  });
});
