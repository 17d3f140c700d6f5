export * from './remote-fetcher.js';
export * from './remote-text.js';
// Local http and https servers behind made-up host names, for the tests of code that fetches users' URLs.
export * from './testing/local-servers.js';
