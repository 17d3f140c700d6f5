import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Everything the gateway answers; the dev server forwards it so the app talks to one origin. Matched as whole
// path segments so that '/e' does not swallow '/embed/audio' or '/episode/...'.
const gatewayPathPattern = '^/(api|feeds|e|storage|oidc)(/|$)';
const gatewayUrl = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // Workspace libraries are bundled from their TypeScript source, never from a stale dist/.
    conditions: ['@castbase/source', ...defaultClientConditions],
  },
  server: {
    proxy: { [gatewayPathPattern]: { target: gatewayUrl } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
