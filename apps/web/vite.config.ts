/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (and the translation files it serves) runs on port 8000 during development. */
const API_ORIGIN = 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  test: { setupFiles: ['src/test/server-catalogues.ts'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/locales': { target: API_ORIGIN, changeOrigin: false },
      '/dev': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mantine',
              // The charts (and recharts under them) stay with the one screen that draws them.
              test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui|react-remove-scroll|react-transition-group)/,
            },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
