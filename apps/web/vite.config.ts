// Vite: React, the contract from source, the API proxy for `npm run dev`, and chunks split by route
// (React apart; zod, like Ant Design, by what each route uses: the boot's schemas need only its core, shell-replies.ts).
// `npm run size` weighs the result.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../../packages/contract/src/csp';
import { dropAntdStyleFunctions } from './vite-plugins/antd-style-functions';
import { cspStyleAttributes } from './vite-plugins/csp-style-attributes';
import { precompress } from './vite-plugins/precompress';
import { trimFirstLoadPreloads } from './vite-plugins/preload-lists';

const API_TARGET = process.env.API_TARGET || 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/login', '/user', '/mlzgoodsserver', '/businessperationService', '/mlzProcessService'];

export default defineConfig({
  plugins: [react(), dropAntdStyleFunctions(), cspStyleAttributes(), trimFirstLoadPreloads(), precompress()],
  // Vite marks its tags and writes <meta property="csp-nonce">; the server fills in a fresh nonce per page.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    alias: [
      { find: '@tfb/contract', replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
      // Every `zod` import gets the configured one (src/lib/zod.ts), which itself imports `zod/v4`.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [
        prefix,
        {
          target: API_TARGET,
          changeOrigin: false,
          // `/login` and `/user` are also SPA pages' prefixes (/login page): only API calls are proxied.
          bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json: the chunk graph `npm run size` weighs.
    manifest: true,
    rolldownOptions: {
      // Packages — and the contract's modules, which only define schemas and constants — are free of side effects at
      // load, so a module nothing uses is dropped even where a package does not say so itself (@rc-component/form would
      // otherwise bring its whole form engine to every antd Input; the shell would carry contract modules it never reads). Kept:
      // the stylesheets and dayjs's locales, which register themselves when imported.
      treeshake: {
        moduleSideEffects: (id) =>
          !/[\\/]node_modules[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) || /\.css$|[\\/]dayjs[\\/]locale[\\/]/.test(id),
      },
      output: {
        // Chunks are named by their hash alone: every import statement and the lazy routes' preload lists name them,
        // and `[name]-[hash]` names cost the first load 3 kB of gzip (336.3 → 333.0 kB). `npm run size` prints the
        // names from the manifest.
        chunkFileNames: 'assets/[hash].js',
        // React (on every page) is cached apart from the app code; everything else, Ant Design and zod included, is
        // split by what each route imports, so the first load holds only the shell's components and each page brings
        // its own. zod's eval switch (src/lib/zod.ts) runs first wherever it lands: every schema module imports it.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 }],
        },
      },
    },
  },
});
