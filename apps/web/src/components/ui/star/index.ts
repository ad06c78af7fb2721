export * from './favourite-star';
