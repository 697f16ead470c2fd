import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** One id per build: the running bundle knows it (`__BUILD_ID__`) and `/builds/latest.json` announces the newest one. */
const buildTime = new Date();
const buildId = `${buildTime.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Emits `dist/builds/latest.json` for the build-version poll (spec §4 Build version). */
function buildManifest(): Plugin {
  return {
    name: 'btz-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ buildId, time: buildTime.toISOString() }),
      });
    },
  };
}

const server = 'http://localhost:3000';
const proxied = ['/api', '/m', '/builds', '/brand', '/manifest.webmanifest'];

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), buildManifest()],
  define: {
    __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev'),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false, ws: true }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false, ws: true }])),
  },
}));
