// Vite: React, the contract from source, the API proxy for `npm run dev`, and vendor chunks split
// so antd and React are cached apart from the app code.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../../packages/contract/src/csp';

const API_TARGET = process.env.API_TARGET || 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/login', '/user', '/mlzgoodsserver', '/businessperationService', '/mlzProcessService'];

export default defineConfig({
  plugins: [react()],
  // Vite marks its tags and writes <meta property="csp-nonce">; the server fills in a fresh nonce per page.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    alias: {
      '@tfb/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
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
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'antd-icons', test: /[\\/]node_modules[\\/]@ant-design[\\/]icons/, priority: 25 },
            { name: 'antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis)[\\/]/, priority: 20 },
            // zod's eval switch rides with zod: set before any chunk that builds schemas (the contract) runs.
            { name: 'vendor', test: /[\\/]node_modules[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/, priority: 10 },
          ],
        },
      },
    },
  },
});
