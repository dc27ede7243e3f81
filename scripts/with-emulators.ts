/**
 * Runs a command with fresh emulators on free ports: `tsx scripts/with-emulators.ts -- vitest run --project rules`.
 * `--functions` before `--` also starts the Functions emulator (FUNCTIONS_URL in the command's environment).
 * The emulators are stopped afterwards whatever the outcome.
 */
import { startEmulators } from './lib/emulators.ts';
import { freePort } from './lib/ports.ts';
import { run } from './lib/processes.ts';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (!command) {
  console.error('Uso: tsx scripts/with-emulators.ts -- <comando> [argomenti]');
  process.exit(2);
}

let code = 1;
try {
  // With --functions, the functions that call the provider stub (provider proxy, pending shops) are pointed at a
  // free port (PROVIDER_STUB_PORT in the command's environment): the command starts the stub there when it needs one.
  const withFunctions = process.argv.slice(2, separator).includes('--functions');
  const emulators = await startEmulators({ functions: withFunctions });
  try {
    code = await run(command, args, { env: { ...process.env, ...emulators.env, PROVIDER_STUB_PORT: String(emulators.stubPort ?? (await freePort())) } });
  } finally {
    await emulators.stop();
  }
} catch (error) {
  console.error((error as Error).message);
}
process.exit(code);
