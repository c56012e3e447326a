export * from './events';
export * from './api';
export * from './constants/money';
export * from './constants/catalog';
export * from './constants/states';
export * from './rules/intake';
export * from './rules/cart';
export * from './internal/identity';
