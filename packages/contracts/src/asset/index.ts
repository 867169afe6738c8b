export * from './model';
export * from './equipment';
export * from './point';
export * from './rule';
export * from './capacitor';
export * from './alarm-config';
