import pg from 'pg';
import { requireTestEnv, uniqueName } from './test-environment.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function urlForDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: requireTestEnv('adminUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, cloned from the template every service's migrations were applied to
 * in the global setup — so each file starts from a migrated, empty schema set in well under a second.
 */
export async function createTestDatabase(prefix = 'cbtest'): Promise<TestDatabase> {
  const template = requireTestEnv('templateDatabase');
  const name = uniqueName(prefix);
  await withAdmin(async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        // Two clones of one template at the same moment: PostgreSQL refuses the second; try again shortly.
        const busy = error instanceof Error && /being accessed by other users/.test(error.message);
        if (!busy || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return {
    name,
    url: urlForDatabase(requireTestEnv('adminUrl'), name),
    drop: () =>
      withAdmin((client) =>
        client.query(`drop database if exists "${name}" with (force)`).then(() => undefined),
      ),
  };
}

export { urlForDatabase };
