export * from './wait-for.js';
export * from './test-environment.js';
export * from './test-database.js';
export * from './free-port.js';
export * from './rows-mentioning.js';
export * from './browser.js';
export * from './tus-test-client.js';
export * from './tcp-proxy.js';
