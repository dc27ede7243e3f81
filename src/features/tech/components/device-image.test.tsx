// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_IMAGE_TIMEOUT_MS, deviceImagePath, modelClass } from '@/domain/tech/devices';
import { DeviceImage } from './device-image';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const picture = (container: HTMLElement) => container.querySelector('img');
const icon = (container: HTMLElement) => container.querySelector('[data-testid="device-icon"]');

describe('DeviceImage (document 3 §2.2, §9)', () => {
  it("shows the model's picture once it loads, the icon until then", async () => {
    const { container } = render(<DeviceImage cls={modelClass('iPad Pro (12.9-inch)')} />);
    expect(picture(container)?.getAttribute('src')).toBe('/devices/ipad-pro.svg');
    expect(icon(container)?.textContent).toBe('▣');
    fireEvent.load(picture(container)!);
    expect(icon(container)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DEVICE_IMAGE_TIMEOUT_MS));
    expect(picture(container)?.className).toBe('device-image');
  });

  it('falls back to the icon for good when the picture has not loaded within 5 seconds', async () => {
    const { container } = render(<DeviceImage cls="Mini" />);
    await act(() => vi.advanceTimersByTimeAsync(DEVICE_IMAGE_TIMEOUT_MS - 1));
    expect(picture(container)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(picture(container)).toBeNull();
    expect(icon(container)?.textContent).toBe('▫');
  });

  it('falls back to the icon at once when the picture fails', () => {
    const { container } = render(<DeviceImage cls="iPad" />);
    fireEvent.error(picture(container)!);
    expect(picture(container)).toBeNull();
    expect(icon(container)?.textContent).toBe('□');
  });

  it('has one picture per model class, shipped with the app', () => {
    const paths = (['Pro', 'Air', 'Mini', 'iPad'] as const).map((c) => deviceImagePath(c));
    expect(paths).toEqual(['/devices/ipad-pro.svg', '/devices/ipad-air.svg', '/devices/ipad-mini.svg', '/devices/ipad.svg']);
    for (const path of paths) expect(existsSync(`public${path}`)).toBe(true);
  });
});
