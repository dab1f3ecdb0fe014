export * from './errors.js';
export * from './lists.js';
export * from './rotation.js';
export * from './settings.js';
export * from './toys.js';
export * from './import.js';
