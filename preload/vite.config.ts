import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * Sandboxed preloads must be one CommonJS file with no imports but 'electron', so the preload
 * gets its own library build: preload/index.ts → out/preload/index.cjs. The root vite.config.ts
 * runs this after the renderer build.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../out/preload', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    lib: {
      entry: fileURLToPath(new URL('./index.ts', import.meta.url)),
      formats: ['cjs'],
      fileName: () => 'index.cjs',
    },
    rollupOptions: { external: ['electron'] },
  },
});
