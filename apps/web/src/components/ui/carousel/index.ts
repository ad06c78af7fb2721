export * from './image-carousel';
