export * from './common.ts';
export * from './user.ts';
export * from './app-config.ts';
export * from './admin-users.ts';
export * from './task.ts';
