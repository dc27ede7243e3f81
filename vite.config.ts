import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173), strictPort: true },
  build: { sourcemap: true, chunkSizeWarningLimit: 900 },
});
