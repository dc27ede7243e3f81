/**
 * Device (document 3 §3): an iPad running the POS app, stored in the map `Shop.devices` keyed by device id.
 */
import { asRecord, compact, isRecord, toBool, toDate, toOptStr, toStr, type RawDoc } from './normalize';

export interface Device {
  deviceId: string;
  deviceName: string;
  deviceModel?: string;
  localizedModel?: string;
  systemName?: string;
  systemVersion?: string;
  appVersion?: string;
  appBuild?: string;
  lastVersionUpdate?: Date;
  isSimulator: boolean;
  deviceEnvironment?: string;
  /**
   * The iPad's LAN address, when the POS app reports it (not in the spec's Device fields): a ping
   * never targets it.
   */
  ip?: string;
}

export function normalizeDevice(deviceId: string, raw: RawDoc): Device {
  const environment = toOptStr(raw.deviceEnvironment);
  return {
    deviceId,
    deviceName: toStr(raw.deviceName).trim() || deviceId,
    deviceModel: toOptStr(raw.deviceModel),
    localizedModel: toOptStr(raw.localizedModel),
    systemName: toOptStr(raw.systemName),
    systemVersion: toOptStr(raw.systemVersion),
    appVersion: toOptStr(raw.appVersion),
    appBuild: toOptStr(raw.appBuild),
    lastVersionUpdate: toDate(raw.lastVersionUpdate),
    isSimulator: toBool(raw.isSimulator) || environment?.toLowerCase() === 'simulator',
    deviceEnvironment: environment,
    ip: toOptStr(raw.ip)?.trim() || undefined,
  };
}

/** Reads the `devices` map; entries that are not objects are skipped. */
export function normalizeDevices(value: unknown): Record<string, Device> {
  const out: Record<string, Device> = {};
  for (const [deviceId, raw] of Object.entries(asRecord(value))) {
    if (isRecord(raw)) out[deviceId] = normalizeDevice(deviceId, raw);
  }
  return out;
}

export function toFirestoreDevice(device: Device): RawDoc {
  const { deviceId: _id, ...rest } = device;
  return compact({ ...rest });
}
