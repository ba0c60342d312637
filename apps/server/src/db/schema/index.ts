export * from './reference.ts';
export * from './system.ts';
export * from './accounts.ts';
export * from './catalogue.ts';
export * from './catalogue-setup.ts';
export * from './selling.ts';
export * from './waiting-list.ts';
export * from './customer-accounts.ts';
