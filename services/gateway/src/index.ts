export * from './single-node';
export * from './app';
export * from './config';
