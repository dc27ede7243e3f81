// CLI: `npx tsx scripts/provider-stub/main.ts`. Env: PORT (default 9199, 0 = free port), HOST (default
// 127.0.0.1), PROVIDER_STUB_TOKENS (comma-separated accepted bearer tokens, default 'stub-token').
// Prints one line 'Provider stub listening on <url>' once it accepts requests.
import { DEFAULT_TOKEN, startProviderStub } from './server.ts';

const DEFAULT_PORT = 9199;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[provider-stub] PORT must be an integer between 0 and 65535, got '${raw}'`);
    process.exit(2);
  }
  return port;
}

const tokens = (process.env.PROVIDER_STUB_TOKENS ?? DEFAULT_TOKEN)
  .split(',')
  .map((token) => token.trim())
  .filter((token) => token !== '');

try {
  const stub = await startProviderStub({ port: parsePort(process.env.PORT), host: process.env.HOST ?? '127.0.0.1', tokens });
  console.log(`Provider stub listening on ${stub.url}`);
  console.log(`[provider-stub] bearer token(s): ${tokens.join(', ')}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`[provider-stub] ${signal}: stopping`);
    stub.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[provider-stub] close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`[provider-stub] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
