export * from './analytics.module.js';
export * from './database/analytics-database.js';
