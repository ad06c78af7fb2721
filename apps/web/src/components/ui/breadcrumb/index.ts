export * from './breadcrumb';
