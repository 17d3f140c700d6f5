import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { themeCssVariables } from './src/app/theme-css-variables.js';

// Everything the gateway answers; the dev server forwards it so the app talks to one origin. Matched as whole
// path segments so that '/e' does not swallow '/embed/audio' or '/episode/...'.
const gatewayPathPattern = '^/(api|feeds|e|storage|oidc)(/|$)';
const gatewayUrl = 'http://localhost:3000';

const THEME_VARIABLES_MODULE = 'virtual:castbase-theme-variables.css';

/**
 * `import 'virtual:castbase-theme-variables.css'`: the app theme's CSS variables, made from apps/web/src/app/theme.ts
 * at build time, so the first-paint landing page has the app's look without Mantine's JS.
 */
function themeVariablesPlugin(): Plugin {
  return {
    name: 'castbase-theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES_MODULE ? `\0${THEME_VARIABLES_MODULE}` : undefined),
    load: (id) => (id === `\0${THEME_VARIABLES_MODULE}` ? themeCssVariables() : undefined),
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), themeVariablesPlugin()],
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
    // dist/.vite/manifest.json: what tools/scripts/web-bundle-report.mjs reads to print each route's download.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the OIDC client change less often than our code: their own chunks stay cached across releases.
        // Other packages go with the routes that use them (one vendor chunk made the landing page download all).
        codeSplitting: {
          groups: [
            // React alone: the first-paint landing page needs it, not the router.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 2 },
            {
              name: 'oidc',
              test: /node_modules[\\/](oidc-client-ts|react-oidc-context|jwt-decode)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
