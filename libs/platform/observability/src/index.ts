export * from './tracing.js';
export * from './logging.js';
export * from './metrics.js';
export * from './http-tracing.js';
export * from './health.js';
export * from './observability.module.js';
