// Vitest: jsdom with real antd (matchMedia and friends are polyfilled in the setup file).
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
      css: false,
      testTimeout: 60_000,
      restoreMocks: true,
    },
  }),
);
