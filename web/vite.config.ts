import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress';
import { routeBudget } from './scripts/routeBudgetPlugin';
import { routeBudgets } from './scripts/routeBudgets';
import { routeSummariesOutOfTheBrowser } from './scripts/routeSummaries';
import { zodForTheBrowser } from './scripts/zodBrowser';
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
    // zod as on the server, less what the browser never uses (JSON Schema output, cycles).
    zodForTheBrowser(),
    // The routes' OpenAPI summaries: the server's document has them, the browser never reads one.
    routeSummariesOutOfTheBrowser(),
    // Prints each route's first-load gzipped JavaScript and fails the build above its budget.
    // index.html's script (src/boot.ts) imports the app (src/main.tsx) on start: it counts too.
    routeBudget(routeBudgets, ['src/main.tsx']),
    // .br and .gz copies of the built files, which the gateway sends to browsers that take them.
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // The chunk graph the route budget reads (dist/.vite/manifest.json; the gateway does not
    // serve dot folders).
    manifest: true,
    // Every browser the app supports preloads modules natively. A lazy chunk's preload list
    // leaves out what is loaded before any lazy import runs (the boot entry, the app's main
    // chunk, the framework's chunk): the entry holds every list, and each name in it costs the
    // quiz's first load bytes. Only the boot's own import of main keeps its whole list.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) =>
        /(^|\/)main-/.test(file) ? deps : deps.filter((dep) => !/\/(boot|main|vendor)-/.test(dep)),
    },
    rollupOptions: {
      // The entry chunk is named boot (src/boot.ts), apart from the chunks named index.
      input: { boot: fileURLToPath(new URL('./index.html', import.meta.url)) },
      output: {
        // Seven hash characters (the least Rollup takes for this many chunks; 42 bits, plenty to bust caches):
        // the entry lists every chunk's file name for its preloads, and a hash does not compress,
        // so each character cost every first load about a hundred bytes.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The framework every page needs changes less often than the app: a chunk of its own
        // stays cached across releases. Other libraries (zod, React Query) go where Rollup puts
        // them, with the pages that use them.
        manualChunks(id) {
          // Stripe's libraries load only when the processor is Stripe (a lazy import).
          if (id.includes('/node_modules/@stripe/')) return 'stripe';
          if (
            /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)
          )
            return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
