export * from './dialog';
export { useOpenDialogCount } from './open-dialogs';
