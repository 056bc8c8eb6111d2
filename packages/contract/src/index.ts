export * from './envelope.js';
export * from './paths.js';
export * from './auth.js';
export * from './user.js';
export * from './navigation.js';
export * from './permissions.js';
export * from './project.js';
export * from './common.js';
