export * from './activation.mail';
export * from './password-reset.mail';
export * from './email-changed.mail';
export * from './newsletter-confirmation.mail';
export * from './data-export-ready.mail';
export * from './email-change.mail';
export * from './account-notices.mail';
export * from './update-digest.mail';
