/**
 * What a technician may ping (the same checks as validPingRequest in firestore.rules, which refuses
 * the rest): the ping runs on an iPad inside the shop's network, so it must reach the shop's own devices and nothing
 * else — no public host, no port scan.
 * - Target: a private LAN IPv4 address, 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16, written as a dotted quad of
 *   decimal octets 0–255 without leading zeros. Loopback, link-local (169.254.0.0/16: a device that lost its
 *   configured address is set up on site), public addresses and host names are refused.
 * - Not one of the shop's iPads (document 3: 'Il ping non viene eseguito verso un iPad come target...'), by the IP
 *   an iPad reports in Shop.devices; the rules compare the first 30 devices, so a shop with more cannot be pinged.
 * - Port: HTTP/HTTPS 80, 443, 8080, 8443 (the fiscal printer's web service; 80 is the tool's default), printers 9100
 *   (raw), 515 (LPD), 631 (IPP), and the POS terminal's and the Cashmatic's ports as saved in the shop's settings
 *   (posPort, cashmaticPort) when they are 1024–65535 (a setting never opens a well-known service port).
 */

/** Document 3 §8, 'Ping target is an iPad'. */
export const IPAD_TARGET_REFUSAL = 'Il ping non viene eseguito verso un iPad come target...';

/** The IP of one of the shop's registered iPads (compared trimmed): never a ping target. */
export function isIpadTarget(ip: string, deviceIps: readonly string[]): boolean {
  const target = ip.trim();
  return target !== '' && deviceIps.some((d) => d.trim() === target);
}

export const PING_FIXED_PORTS = [80, 443, 515, 631, 8080, 8443, 9100] as const;
/** A configured POS/Cashmatic port counts from here up (below are the well-known service ports). */
export const MIN_CONFIGURED_PORT = 1024;
/** The rules compare the target with the IP of at most this many registered devices. */
export const MAX_PING_DEVICES = 30;

export const PING_TARGET_MESSAGES = {
  notLan: "L'IP da pingare deve essere un indirizzo della rete locale del negozio (10.x.x.x, 172.16.x.x–172.31.x.x o 192.168.x.x)",
  ipad: IPAD_TARGET_REFUSAL,
  port: (port: number, allowed: readonly number[]) => `La porta ${String(port)} non è consentita per il ping. Porte ammesse: ${allowed.join(', ')}`,
  tooManyDevices: `Il negozio ha più di ${String(MAX_PING_DEVICES)} iPad registrati: il ping non è disponibile`,
} as const;

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const LAN_IPV4 = [
  new RegExp(`^10\\.${OCTET}\\.${OCTET}\\.${OCTET}$`),
  new RegExp(`^172\\.(1[6-9]|2[0-9]|3[01])\\.${OCTET}\\.${OCTET}$`),
  new RegExp(`^192\\.168\\.${OCTET}\\.${OCTET}$`),
];

/** A private LAN IPv4 address (RFC 1918), exactly as the rules read it (no spaces, no leading zeros). */
export function isLanIpv4(ip: string): boolean {
  return LAN_IPV4.some((re) => re.test(ip));
}

/** A configured port as the rules compare it (text or number, a whole number 1024–65535), or undefined. */
function configuredPort(value: string | number | undefined): number | undefined {
  const text = String(value ?? '').trim();
  if (!/^[1-9][0-9]{0,4}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= MIN_CONFIGURED_PORT && n <= 65535 ? n : undefined;
}

export interface PingShopFacts {
  /** Shop.settings.posPort and cashmaticPort as stored. */
  posPort?: string | number;
  cashmaticPort?: string | number;
  /** The IPs the shop's registered iPads report (Shop.devices[*].ip), and how many devices are registered. */
  deviceIps: readonly string[];
  deviceCount: number;
}

/** The ports a ping of this shop may use, sorted. */
export function allowedPingPorts(shop: Pick<PingShopFacts, 'posPort' | 'cashmaticPort'>): number[] {
  const extra = [configuredPort(shop.posPort), configuredPort(shop.cashmaticPort)].filter((p): p is number => p !== undefined);
  return [...new Set<number>([...PING_FIXED_PORTS, ...extra])].sort((a, b) => a - b);
}

/** Why this target cannot be pinged (the Italian message the tool shows), or null. The IP is taken as typed, trimmed. */
export function pingTargetProblem(ip: string, port: number, shop: PingShopFacts): string | null {
  const target = ip.trim();
  if (!isLanIpv4(target)) return PING_TARGET_MESSAGES.notLan;
  if (shop.deviceCount > MAX_PING_DEVICES) return PING_TARGET_MESSAGES.tooManyDevices;
  if (isIpadTarget(target, shop.deviceIps)) return PING_TARGET_MESSAGES.ipad;
  const allowed = allowedPingPorts(shop);
  if (!allowed.includes(port)) return PING_TARGET_MESSAGES.port(port, allowed);
  return null;
}
