export * from './personal-data';
export * from './personal-data.repository';
