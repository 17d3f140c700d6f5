export { CatalogModule } from './catalog.module.js';
export { catalogDatabase } from './database/catalog-database.js';
export { slugify } from './podcasts/slug.js';
