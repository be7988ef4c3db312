/**
 * The GraphiQL page and its loader script, ours rather than mercurius' (which loads React and
 * GraphiQL from unpkg.com). The page only names files this server serves (graphiql.ts); the
 * loader is a file of its own so the page's policy can forbid inline scripts.
 */

/** Where the page's files are served; the page names them relative to the site root. */
export const ASSET_BASE = '/graphiql/assets';

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>GraphiQL</title>
  <meta name="robots" content="noindex">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="${ASSET_BASE}/graphiql.min.css">
  <link rel="stylesheet" href="${ASSET_BASE}/page.css">
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script src="${ASSET_BASE}/react.production.min.js"></script>
  <script src="${ASSET_BASE}/react-dom.production.min.js"></script>
  <script src="${ASSET_BASE}/graphiql.min.js"></script>
  <script src="${ASSET_BASE}/loader.js"></script>
</body>
</html>
`;

export const PAGE_CSS = `body { margin: 0; overflow: hidden; }
#graphiql { height: 100vh; }
`;

/**
 * Renders GraphiQL against this server's /graphql. The API key goes in GraphiQL's Headers
 * tab, which starts open with a placeholder and is kept (localStorage) for the next visit.
 */
export const LOADER_JS = `(function () {
  'use strict';
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    shouldPersistHeaders: true,
    defaultEditorToolsVisibility: 'headers',
    defaultHeaders: JSON.stringify({ 'x-api-key': 'your API key' }, null, 2),
  }));
})();
`;
