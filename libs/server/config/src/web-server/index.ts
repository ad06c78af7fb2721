// `@outils/server-config/web-server`: the web server's configuration alone, without NestJS (the
// web server is bundled whole into its image, docs/architecture.md).
export * from './web-server-env.dto';
export * from './load-web-server-config';
