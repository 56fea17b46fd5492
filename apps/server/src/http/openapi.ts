import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { openSqlite } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** The OpenAPI document of every route, as stable text (what docs/openapi.json holds). */
export async function generateOpenApi(): Promise<string> {
  const database = openSqlite(':memory:');
  await migrateToLatest(database.db, database.engine);
  const config = loadConfig({ TK_DATA_DIR: path.join(os.tmpdir(), 'tk-openapi') });
  const app = await buildApp(createContainer(config, database));
  try {
    return JSON.stringify(app.swagger(), null, 2) + '\n';
  } finally {
    await app.close();
    await database.close();
  }
}
