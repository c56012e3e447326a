export * from './events';
export * from './api';
export * from './constants/money';
export * from './constants/catalog';
export * from './constants/states';
