// `@outils/server-http-client`: the web server's keep-alive GETs of the API (docs/product/rules.md#R846).
export * from './kept-open-gets';
