import pg from 'pg';
import { dropLeftoverTestDatabases, TEST_POSTGRES_URL } from './test-database.js';

// globalSetup of the PostgreSQL project: fail early and clearly when the server is not there,
// and clear databases that a killed run left behind (only those of processes that are gone).
export default async function setup(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL test run needs a server at ${TEST_POSTGRES_URL} (set TEST_POSTGRES_URL to use another; ` +
        `.ci/run starts one): ${error instanceof Error ? error.message : String(error)}`, { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
  await dropLeftoverTestDatabases();
}
