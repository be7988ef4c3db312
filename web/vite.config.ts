import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The dashboard is built into the server package (dist/web), which serves it at `/`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Preact's JSX runtime without a framework plugin: the bundle stays a few kilobytes.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or data: modules, so the page's CSP can stay script-src 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    // `npx vite web` during development: the API runs on its default port.
    proxy: Object.fromEntries(
      ['/inboxes', '/emails', '/sent', '/attachments', '/webhooks', '/events', '/user', '/admin', '/docs', '/graphql', '/v3',
        '/rulesets', '/forwarders', '/repliers', '/aliases', '/templates', '/contacts', '/groups', '/consent']
        .map((path) => [path, 'http://localhost:7080']),
    ),
  },
});
