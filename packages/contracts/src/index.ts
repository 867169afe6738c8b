export * from './fields';
export * from './envelope';
export * from './perms';
export * from './auth';
export * from './system/index';
export * from './dashboard';
export * from './asset/index';
export * from './telemetry';
