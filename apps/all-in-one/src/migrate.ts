import { allInOneEnv, loadConfig } from '@castbase/platform-config';
import { provideDatabase } from '@castbase/platform-runtime';
import { migrateAllServices } from './migrate-all.js';

/** `npm run migrate` / the Helm migration Job: applies every service's migrations, then exits. */
const config = loadConfig(allInOneEnv);
const database = await provideDatabase(config, true);
try {
  const applied = await migrateAllServices({ url: database.value, poolMax: 2 });
  for (const [service, names] of Object.entries(applied)) {
    console.log(`${service}: ${names.length > 0 ? names.join(', ') : 'up to date'}`);
  }
} finally {
  await database.stop();
}
