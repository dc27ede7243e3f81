import { describe, expect, it } from 'vitest';
import { allowedPingPorts, IPAD_TARGET_REFUSAL, isIpadTarget, isLanIpv4, PING_TARGET_MESSAGES, pingTargetProblem } from './ping-target';

const shop = { posPort: '10000', cashmaticPort: 50301, deviceIps: ['192.168.1.20'], deviceCount: 3 };

describe('isLanIpv4', () => {
  it.each(['10.0.0.1', '10.255.255.254', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.1.50', '10.0.0.0'])('%s is a LAN address', (ip) => {
    expect(isLanIpv4(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '127.0.0.1', '0.0.0.0', '169.254.1.1', '172.15.0.1', '172.32.0.1', '192.169.0.1', '11.0.0.1', '192.168.1.256', '192.168.1',
    '192.168.1.50.1', '192.168.01.50', ' 192.168.1.50', 'printer.local', '::1', 'fe80::1', '', '10.0.0.1/8'])('%s is not', (ip) => {
    expect(isLanIpv4(ip)).toBe(false);
  });
});

describe('allowedPingPorts', () => {
  it('the fixed device ports plus the POS and Cashmatic ports saved on the shop (text or number), 1024 and up', () => {
    expect(allowedPingPorts(shop)).toEqual([80, 443, 515, 631, 8080, 8443, 9100, 10000, 50301]);
    expect(allowedPingPorts({ posPort: '', cashmaticPort: undefined })).toEqual([80, 443, 515, 631, 8080, 8443, 9100]);
    expect(allowedPingPorts({ posPort: '22', cashmaticPort: '70000' })).toEqual([80, 443, 515, 631, 8080, 8443, 9100]);
    expect(allowedPingPorts({ posPort: '010000', cashmaticPort: '1024' })).toEqual([80, 443, 515, 631, 1024, 8080, 8443, 9100]);
  });
});

describe('pingTargetProblem', () => {
  it('accepts a LAN device on one of its ports', () => {
    expect(pingTargetProblem('192.168.1.50', 80, shop)).toBeNull();
    expect(pingTargetProblem(' 192.168.1.60 ', 10000, shop)).toBeNull();
    expect(pingTargetProblem('10.0.4.21', 9100, shop)).toBeNull();
  });

  it('names the problem: not a LAN address, an iPad (the spec\'s text), a port not allowed', () => {
    expect(pingTargetProblem('8.8.8.8', 80, shop)).toBe(PING_TARGET_MESSAGES.notLan);
    expect(pingTargetProblem('127.0.0.1', 80, shop)).toBe(PING_TARGET_MESSAGES.notLan);
    expect(pingTargetProblem('192.168.1.20', 80, shop)).toBe(IPAD_TARGET_REFUSAL);
    expect(IPAD_TARGET_REFUSAL).toBe('Il ping non viene eseguito verso un iPad come target...');
    expect(pingTargetProblem('192.168.1.50', 22, shop)).toBe('La porta 22 non è consentita per il ping. Porte ammesse: 80, 443, 515, 631, 8080, 8443, 9100, 10000, 50301');
    expect(pingTargetProblem('192.168.1.50', 80, { ...shop, deviceCount: 31 })).toBe(PING_TARGET_MESSAGES.tooManyDevices);
  });

  it("refuses an iPad's IP however it was typed, and nothing when no iPad reports one", () => {
    expect(isIpadTarget(' 192.168.1.20 ', ['192.168.1.20'])).toBe(true);
    expect(isIpadTarget('192.168.1.20', [' 192.168.1.20'])).toBe(true);
    expect(isIpadTarget('192.168.1.2', ['192.168.1.20'])).toBe(false);
    expect(isIpadTarget('', [''])).toBe(false);
    expect(pingTargetProblem(' 192.168.1.20', 9100, shop)).toBe(IPAD_TARGET_REFUSAL);
  });
});
