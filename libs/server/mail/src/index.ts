export * from './render-mail';
export * from './smtp-transport';
export * from './templates';
