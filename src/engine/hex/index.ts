export * from './layout';
export * from './grid';
