import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { BRAND_NAME } from './src/brand';

/** Where the gateway listens in development (`npm start` at the repo root). */
const backend = 'http://localhost:3000';

/** Paths the browser sends to the backend rather than to the React router. */
const proxied = ['/api', '/forms', '/dev', '/sandbox', '/invoice'];

const proxy = {
  ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  '/socket.io': { target: backend, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'brand-name',
      transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', BRAND_NAME),
    },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Libraries change less often than the app: a separate chunk stays cached across releases.
        manualChunks(id) {
          // Stripe's libraries load only when the processor is Stripe (a lazy import).
          if (id.includes('/node_modules/@stripe/')) return 'stripe';
          if (id.includes('/node_modules/')) return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
