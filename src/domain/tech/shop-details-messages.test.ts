import { describe, expect, it } from 'vitest';
import { checkHardwareIps } from './shop-details-messages';

const stored = { printerIp: '192.168.1.10', secondPrinterIp: '', cashmaticServerIP: 'vecchio valore', other: 1 };

describe('checkHardwareIps: what the rules accept, refused first on the screen', () => {
  it('accepts an empty or well-formed IP that changed, stored without spaces', () => {
    const result = checkHardwareIps(stored, { ...stored, printerIp: ' 10.0.0.2 ', secondPrinterIp: '' });
    expect(result).toEqual({ ok: true, settings: { ...stored, printerIp: '10.0.0.2' } });
  });
  it('refuses a malformed IP that changed, naming the field', () => {
    const result = checkHardwareIps(stored, { ...stored, secondPrinterIp: '192.168.1' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^IP Preconto: indirizzo IP non valido/);
  });
  it('leaves an old unchanged value alone, as the rules do', () => {
    expect(checkHardwareIps(stored, { ...stored, printerIp: '' })).toEqual({ ok: true, settings: { ...stored, printerIp: '' } });
  });
});
