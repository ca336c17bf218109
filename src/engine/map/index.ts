export * from './terrain-map';
