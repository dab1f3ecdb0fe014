import { afterAll } from 'vitest';
import { dropTestFileDatabase } from './test-database.js';

// setupFiles of the PostgreSQL project: each test file drops the database it created.
afterAll(async () => {
  await dropTestFileDatabase();
});
