export * from './checkbox-field';
export * from './email-field';
export * from './field-error';
export * from './password-field';
export * from './password-rules';
export * from './select-field';
export * from './server-errors';
export * from './text-field';
