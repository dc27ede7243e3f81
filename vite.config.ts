import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Test builds record every Firestore query for the index check (scripts/check-indexes.ts); never in production.
const recordQueries = process.env.RECORD_FIRESTORE_QUERIES === '1';

/**
 * VITE_PROVIDER_MODE=proxy (the default): the provider's and the company lookup's tokens and URLs belong to the
 * proxy function, so they are removed from what Vite inlines as import.meta.env — the build cannot contain them,
 * whatever .env files or shell variables say (scripts/check-build-secrets.ts greps the output).
 */
export const PROXY_ONLY_VARIABLES = ['VITE_SDI_API_TOKEN', 'VITE_COMPANY_API_TOKEN', 'VITE_SDI_API_BASE_URL', 'VITE_COMPANY_API_BASE_URL'];
function providerSecretsOutOfProxyBuilds(): Plugin {
  return {
    name: 'provider-secrets-out-of-proxy-builds',
    enforce: 'pre',
    configResolved(config) {
      const env = config.env as Record<string, unknown>;
      const mode = env.VITE_PROVIDER_MODE;
      if (typeof mode === 'string' && mode.trim().toLowerCase() === 'direct') return;
      for (const name of PROXY_ONLY_VARIABLES) delete env[name];
    },
  };
}

export default defineConfig({
  plugins: [providerSecretsOutOfProxyBuilds(), react()],
  resolve: {
    alias: [
      ...(recordQueries ? [{ find: /^firebase\/firestore$/, replacement: fileURLToPath(new URL('./src/lib/firestore-recorder.ts', import.meta.url)) }] : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  // .tmp/ holds the emulators' logs and the test runs' output: a growing log there kept the dev server's watcher busy.
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false, watch: { ignored: ['**/.tmp/**'] } },
  // The e2e run serves the build with firebase.json's production headers (scripts/lib/hosting-headers.ts).
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 4173),
    strictPort: true,
    headers: process.env.PREVIEW_HEADERS ? (JSON.parse(process.env.PREVIEW_HEADERS) as Record<string, string>) : undefined,
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 900 },
  // Module workers (the dashboard's chart is drawn in one): the same ES output as the page's chunks.
  worker: { format: 'es' },
});
