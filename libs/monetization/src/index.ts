export { MonetizationModule } from './monetization.module.js';
export { monetizationDatabase } from './monetization-database.js';
