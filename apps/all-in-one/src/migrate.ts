import { readProcessConfig } from '@castbase/platform-runtime';
import { migrateAllServices } from './migrate-all.js';

/**
 * `npm run migrate` / the Helm migration Job: applies every service's migrations to DATABASE_URL, then exits.
 * DATABASE_URL is required: migrating a throwaway embedded database would report success and change nothing.
 */
const config = readProcessConfig(process.env, ['DATABASE_URL'], 'the database to migrate');
const applied = await migrateAllServices({ url: config.DATABASE_URL!, poolMax: 2 });
for (const [service, names] of Object.entries(applied)) {
  console.log(`${service}: ${names.length > 0 ? names.join(', ') : 'up to date'}`);
}
