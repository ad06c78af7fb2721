// Development default; the web server replaces this file at run time (see tools/start/serve-web.mjs).
window.__OUTILS_CONFIG__ = { apiUrl: 'http://localhost:3000', analyticsScriptUrl: null, productionHost: null };
