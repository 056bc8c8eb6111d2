import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunk is the entry, its static imports and the lazy ones (e2e/bundle-size.spec.ts)
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @ems/contract builds its TypeBox schemas at module load (Type.Object(...), ...): pure calls, so
        // most schemas the browser never uses stay out of the bundle
        manualPureFunctions: ['Type'],
      },
    },
  },
  server: {
    proxy: {
      '/eem-service': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
      '/model': 'http://localhost:8080',
      '/model-meta': 'http://localhost:8080',
      '/messageServer': { target: 'http://localhost:8080', ws: true },
      '/filemanager': 'http://localhost:8080',
      '/static/config.json': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
});
