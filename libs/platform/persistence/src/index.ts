export * from './service-database.js';
export * from './persistence.module.js';
export * from './embedded-postgres/embedded-postgres.js';
export * from './unique-violation.js';
export * from './bound-statement.js';
export * from './after-commit.js';
