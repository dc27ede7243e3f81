import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Test builds record every Firestore query for the index check (scripts/check-indexes.ts); never in production.
const recordQueries = process.env.RECORD_FIRESTORE_QUERIES === '1';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...(recordQueries ? [{ find: /^firebase\/firestore$/, replacement: fileURLToPath(new URL('./src/lib/firestore-recorder.ts', import.meta.url)) }] : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
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
