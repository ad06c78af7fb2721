export * from './routes';
export * from './credentials';
export * from './password-rule';
export * from './catalogue';
export * from './api-types';
export * from './messages/common.fr';
export * from './messages/accounts.fr';
export * from './messages/catalogue.fr';
