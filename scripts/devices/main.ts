/**
 * `npm run devices`: the shops' iPads, simulated, for `npm start` and the e2e tests. Answers the technicians' ping
 * tasks (DeviceTask) with a real TCP connection from this machine.
 *
 *   npm run devices [-- --all] [-- --device <deviceId> ...] [-- --project <id>] [-- --lan <ip:porta>=<host:porta> ...]
 *
 * --lan (or DEVICES_LAN_MAP, comma-separated) plays the shop's LAN: a ping of ip:porta connects to host:porta instead
 * (pings reach only LAN addresses on device ports; see lan-map.ts).
 *
 * Without options only the iPads online by the 30-minute rule answer (an offline iPad stays silent: the ping tool
 * shows 'Timeout'). The emulator is FIRESTORE_EMULATOR_HOST, else the one the running `npm start` published (its ports
 * move when the usual ones are taken), else 127.0.0.1:8080; it never talks to a real project.
 */
import { emulatorHost, readStartPorts } from '../lib/start-ports';
import { parseLanMap, type LanMap } from './lan-map';
import { startDeviceSimulator } from './simulator';

const started = readStartPorts();

function parseArgs(argv: string[]): { all: boolean; devices: string[]; projectId: string; lan: LanMap } {
  const lan: string[] = process.env.DEVICES_LAN_MAP ? [process.env.DEVICES_LAN_MAP] : [];
  const projectId = process.env.GCLOUD_PROJECT?.trim() || process.env.PROJECT_ID?.trim() || started?.projectId || 'demo-backoffice';
  const out = { all: false, devices: [] as string[], projectId };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--all') out.all = true;
    else if (arg === '--device') out.devices.push(argv[++i] ?? '');
    else if (arg === '--project') out.projectId = argv[++i] ?? out.projectId;
    else if (arg === '--lan') lan.push(argv[++i] ?? '');
    else if (arg === '--help' || arg === '-h') {
      console.log('Uso: npm run devices [-- --all] [-- --device <deviceId>] [-- --project <id>] [-- --lan <ip:porta>=<host:porta>]');
      process.exit(0);
    } else if (arg !== '--') throw new Error(`Opzione sconosciuta: ${String(arg)}`);
  }
  return { ...out, lan: parseLanMap(lan) };
}

try {
  const args = parseArgs(process.argv.slice(2));
  process.env.FIRESTORE_EMULATOR_HOST = emulatorHost(process.env, started);
  const simulator = startDeviceSimulator({ ...args });
  await simulator.ready;
  const who = args.all ? 'tutti gli iPad registrati' : args.devices.length > 0 ? `gli iPad ${args.devices.join(', ')} e quelli online` : 'gli iPad online (ultimo aggiornamento entro 30 minuti)';
  console.log(`Simulatore iPad pronto su ${process.env.FIRESTORE_EMULATOR_HOST} (progetto ${args.projectId}): rispondono ${who}. Ctrl-C per fermare.`);
  const stop = () => void simulator.stop().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
