// Vitest: jsdom with real antd (matchMedia and friends are polyfilled in the setup file).
// The files of a worker share one module graph and one jsdom (isolate: false): evaluating antd and setting up a
// jsdom once per file was over half the suite's time. The setup file resets what a test can leave behind
// (DOM, storage, cookies, stubbed globals, fake timers, language), and every render takes a fresh query client.
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
      isolate: false,
      testTimeout: 60_000,
      restoreMocks: true,
    },
  }),
);
