import type { AllInOneConfig } from './env-schemas.js';

/** Nest injection token of the validated configuration of the running process. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export type AppConfig = AllInOneConfig;
