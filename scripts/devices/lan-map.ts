/**
 * The simulated shop LAN: pings may only target the shop's LAN addresses on device ports, which
 * do not exist on a development machine. `--lan 192.168.1.50:9100=127.0.0.1:41234` (or DEVICES_LAN_MAP, the same
 * entries separated by commas) makes the simulated iPad connect to the local address instead, so `npm start` and
 * the e2e tests can play a printer that is online, or a port that is closed. Unmapped targets are tried as they are.
 */
export type LanMap = ReadonlyMap<string, { host: string; port: number }>;

const ENTRY = /^([^=\s]+):(\d{1,5})=([^=\s]+):(\d{1,5})$/;

export function parseLanMap(entries: readonly string[]): LanMap {
  const map = new Map<string, { host: string; port: number }>();
  for (const raw of entries.flatMap((e) => e.split(',')).map((e) => e.trim()).filter(Boolean)) {
    const m = ENTRY.exec(raw);
    if (!m) throw new Error(`Voce --lan non valida: "${raw}" (atteso ip:porta=host:porta)`);
    map.set(`${m[1] ?? ''}:${String(Number(m[2]))}`, { host: m[3] ?? '', port: Number(m[4]) });
  }
  return map;
}

/** Where the simulated iPad really connects for a task's ip:port. */
export function lanTarget(map: LanMap, ip: string, port: number): { host: string; port: number } {
  return map.get(`${ip}:${String(port)}`) ?? { host: ip, port };
}
