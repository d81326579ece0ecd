// Vite build of the SPA. The server serves web/dist and the API on one origin; in development the dev
// server proxies the API and the file store to it.
// Loaded with `--configLoader runner` (package.json's scripts): vite-endpoint-routes.ts reads the contract's
// TypeScript source, whose imports have no file extensions, so the file is run through Vite's own resolver
// instead of being bundled, which warned once per import that Node could not load it natively (ADR 041).
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { antdStaticCss } from './vite-antd-css';
import { antdThemeVars } from './vite-antd-theme-vars';
import { endpointRoutes } from './vite-endpoint-routes';
import { appIcons } from './vite-icons';
import { precompress } from './vite-precompress';

const API_TARGET = 'http://localhost:3000';

const config: UserConfig = {
  plugins: [react(), endpointRoutes(), antdStaticCss(), antdThemeVars(), appIcons(), precompress()],
  server: {
    proxy: {
      '/v1': { target: API_TARGET, changeOrigin: false },
      '/files': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The page's own modules are preloaded from index.html, which the parser does cheaply. A lazy route's
    // modules are not: Vite's helper appends one <link> per module (about 80 for a staff page), which
    // cost a phone more main-thread time than the browser's own discovery of the imports (ADR 025).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // antd marks its modules "use client"; the directive means nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
      treeshake: {
        // The contract's modules only declare things. Saying so lets the bundler leave the zod schemas
        // (and zod itself) out of pages that only need the messages, paths and constants. antd's
        // @rc-component building blocks do not say it of themselves but are as pure: without this, one
        // import of antd's form context brings the whole form engine (about 20 KB gzip) to the login page.
        moduleSideEffects: (id) =>
          /[\\/]contract[\\/]src[\\/]|node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // The login page must stay light (budget: 250 KB gzip of JS). Framework code that every page
        // needs gets its own long-cached chunk; antd is left to automatic splitting so each lazy page
        // pulls only the components it uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 15 },
            // The API client and the query helpers: every page's queries and every route loader use them,
            // so one chunk rather than a few tiny ones that each page and loader chunk wait on.
            {
              name: 'api-client',
              test: /web[\\/]src[\\/]lib[\\/](api|api-error|endpoint-client|query-helpers)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is for production whatever NODE_ENV the shell has (the README's default is development):
  // with NODE_ENV=development Vite would bundle React's development build, almost twice the size. Vite
  // reads NODE_ENV after loading this file, as its own advice for setting it says.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
