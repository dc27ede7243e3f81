export * from './decimal';
export * from './money';
