export * from './storage-deliveries.js';
