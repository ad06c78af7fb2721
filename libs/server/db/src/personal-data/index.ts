export * from './personal-data';
export * from './personal-data.repository';
export * from './personal-data-archive';
