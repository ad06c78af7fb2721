export * from './image-carousel';
export * from './responsive-image';
