import { build, defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

/** `npm run build` also produces the preload (its own CommonJS library build), so one command makes everything Electron loads from the web side. */
function preloadBuild(): Plugin {
  return {
    name: 'benchlink-preload',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: fileURLToPath(new URL('./preload/vite.config.ts', import.meta.url)),
        logLevel: 'warn',
      });
    },
  };
}

/**
 * The renderer build (npm run build): renderer/ → dist/. `base: './'` because Electron loads
 * dist/index.html from file://, where absolute /assets paths would not resolve; the browser host
 * serves the same files from its root, where relative paths work too.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [svelte(), preloadBuild()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome120',
    // Everything must be a file the CSP allows as 'self': no inlined data: scripts or fonts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
