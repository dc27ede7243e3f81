/**
 * The device simulator: plays the shops' iPads against the Firestore EMULATOR through firebase-admin. It listens for
 * unfulfilled DeviceTask documents (document 3 §3), and for each one its iPad answers (see decide.ts) it tries a
 * real TCP connection to ip:port and writes `result` {success, latencyMs, error}, `fulfilled` true and
 * `respondedAt`, once (in a transaction: a task already answered is left alone).
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../src/data/collections';
import { decide, type PlayOptions } from './decide';
import { lanTarget, type LanMap } from './lan-map';
import { tcpPing, type PingResult } from './tcp-ping';

export interface SimulatorOptions extends Partial<PlayOptions> {
  projectId: string;
  log?: (message: string) => void;
  /** Replaces the TCP connection (tests). */
  ping?: (ip: string, port: number) => Promise<PingResult>;
  /** The simulated LAN: task targets answered by local addresses (see lan-map.ts). */
  lan?: LanMap;
}

export interface RunningSimulator {
  /** Resolves once the first snapshot of pending tasks has arrived. */
  ready: Promise<void>;
  /** Tasks answered so far. */
  answered: () => number;
  stop: () => Promise<void>;
}

const toDate = (value: unknown): Date | undefined => (value instanceof Timestamp ? value.toDate() : value instanceof Date ? value : undefined);

function portOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : 80;
}

export function startDeviceSimulator(options: SimulatorOptions): RunningSimulator {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Simulatore rifiutato: FIRESTORE_EMULATOR_HOST non impostato (scrive solo sull’emulatore).');
  process.env.METADATA_SERVER_DETECTION = 'none';
  const log = options.log ?? ((m: string) => console.log(m));
  const play: PlayOptions = { all: options.all ?? false, devices: options.devices ?? [] };
  const ping = options.ping ?? tcpPing;
  const app = initializeApp({ projectId: options.projectId }, `devices-${String(Date.now())}-${Math.random().toString(36).slice(2)}`);
  const db = getFirestore(app);
  const seen = new Set<string>();
  let answered = 0;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function handle(id: string, task: DocumentData): Promise<void> {
    const deviceId = String(task.deviceId ?? '');
    const shopId = String(task.userId ?? '');
    const shop = shopId ? await db.collection(COLLECTIONS.shop).doc(shopId).get() : undefined;
    const devices = (shop?.get('devices') ?? {}) as Record<string, DocumentData | undefined>;
    const device = devices[deviceId];
    const decision = decide(
      { deviceId, fulfilled: task.fulfilled === true, createdAt: toDate(task.createdAt) },
      device ? { lastVersionUpdate: toDate(device.lastVersionUpdate) } : undefined,
      play,
      new Date(),
    );
    const label = `${String(device?.deviceName ?? deviceId)} (${shopId})`;
    if (!decision.answer) {
      log(`· ${id}: ignorato, ${decision.reason} — ${label}`);
      return;
    }
    const ip = String(task.ip ?? '').trim();
    const port = portOf(task.port);
    const real = lanTarget(options.lan ?? new Map(), ip, port);
    const result = await ping(real.host, real.port);
    const ref = db.collection(COLLECTIONS.deviceTask).doc(id);
    const wrote = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists || current.get('fulfilled') === true) return false;
      tx.update(ref, { fulfilled: true, result: { success: result.success, latencyMs: result.latencyMs ?? null, error: result.error ?? null }, respondedAt: FieldValue.serverTimestamp() });
      return true;
    });
    if (!wrote) return;
    answered += 1;
    log(`${result.success ? '✓' : '✗'} ${id}: ${label} → ${ip}:${String(port)} ${result.success ? `online in ${String(result.latencyMs)} ms` : String(result.error)}`);
  }

  const unsubscribe = db
    .collection(COLLECTIONS.deviceTask)
    .where('fulfilled', '==', false)
    .onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          if (change.type !== 'added' || seen.has(change.doc.id)) continue;
          seen.add(change.doc.id);
          handle(change.doc.id, change.doc.data()).catch((error: unknown) => log(`! ${change.doc.id}: ${(error as Error).message}`));
        }
        markReady();
      },
      (error) => log(`! ascolto dei DeviceTask interrotto: ${error.message}`),
    );

  return {
    ready,
    answered: () => answered,
    stop: async () => {
      unsubscribe();
      await deleteApp(app);
    },
  };
}
