import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { prerender } from './prerender';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), prerender(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/real': { target: api, ws: true },
      '/realcall': { target: api, ws: true },
    },
  },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 700 },
});
