import { defineConfig, mergeConfig } from 'vite';
import app from './vite.config';

/**
 * The server renderer's build (`npm run build:ssr`: src/server/render.tsx → dist-server/render.js
 * for Node): the app's config, its plugins and aliases, with what only a browser build needs
 * left out. Vite externalises the dependencies in node_modules (Node imports them, ESM or CJS)
 * and bundles the workspace's @linea/shared (TypeScript); CSS imports are dropped on the server.
 */
export default mergeConfig(
  app,
  defineConfig({
    publicDir: false,
    build: {
      outDir: 'dist-server',
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  }),
);
