import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { routePreload } from './scripts/vite-route-preload.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT || '8080'}`;

export default defineConfig(({ command }) => ({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // A production build refuses a catalog with a missing translation; dev stays forgiving.
    lingui({ failOnMissing: command === 'build', failOnCompileError: true }),
    // The opened page's chunk and the chosen catalog start downloading beside the entry.
    routePreload(import.meta.dirname),
  ],
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // contract/ is pure declarations. Saying so lets the bundler drop the zod schemas of
        // contract/index.ts from the first paint when only its constants are used there.
        moduleSideEffects: (id: string) => !/[\\/]contract[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/v4': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/pay': { target: apiTarget, changeOrigin: false },
      // The staff console's cookie API (docs/console.md): the Host stays the page's, so its
      // same-origin check sees the origin the browser sends.
      '/api/admin': { target: apiTarget, changeOrigin: false },
    },
  },
}));
