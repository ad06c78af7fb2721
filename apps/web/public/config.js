// Development default; the web server replaces this file at run time (apps/web-server).
window.__OUTILS_CONFIG__ = { apiUrl: 'http://localhost:3000', analyticsScriptUrl: null, productionHost: null };
