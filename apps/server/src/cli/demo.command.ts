import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { openMigratedDatabase } from '../db/database.ts';
import { buildDemoLibrary, describeDemoSummary } from '../demo/demo-library.ts';
import { REPO_ROOT } from '../paths.ts';
import { serve } from './serve.command.ts';

/** `npm run demo`'s own archive at the repository root, whatever folder npm runs the script in. */
const DEMO_DATA_DIR = path.join(REPO_ROOT, 'data-demo');

/**
 * The configuration the demo runs with. `--data-dir` names the data folder. `--serve` (what `npm run demo`
 * passes) without TK_DATA_DIR uses a self-contained archive in ./data-demo: SQLite, media and cache inside
 * it, so a PostgreSQL URL or media folder from a developer's .env never receives demo videos.
 */
export function demoEnvironment(
  env: NodeJS.ProcessEnv,
  flags: { dataDir?: string; serve?: boolean },
): NodeJS.ProcessEnv {
  if (flags.dataDir) return { ...env, TK_DATA_DIR: flags.dataDir };
  if (!flags.serve || env.TK_DATA_DIR) return env;
  // empty means unset to the config (and, unlike deleting, keeps dotenv from filling them in again)
  return {
    ...env,
    TK_DATA_DIR: DEMO_DATA_DIR,
    TK_MEDIA_DIR: '',
    TK_CACHE_DIR: '',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
}

/** Exit code 0 when the whole demo library is in the archive; with --serve, keeps serving instead. */
export async function runDemoCommand(args: string[]): Promise<number | undefined> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, serve: { type: 'boolean' } },
  });
  const config = loadConfig(
    demoEnvironment(process.env, { dataDir: values['data-dir'], serve: values.serve }),
  );
  for (const dir of [config.dataDir, config.mediaDir, config.cacheDir])
    fs.mkdirSync(dir, { recursive: true });
  console.log(
    `Building the demo library in ${config.dataDir} (media ${config.mediaDir}, cache ${config.cacheDir})`,
  );

  const database = await openMigratedDatabase(config);
  let code: number;
  try {
    const summary = await buildDemoLibrary(createContainer(config, database));
    for (const line of describeDemoSummary(summary)) console.log(line);
    code = summary.failed.length ? 1 : 0;
  } catch (error) {
    console.error(`Demo library failed: ${(error as Error).message}`);
    code = 1;
  } finally {
    await database.close();
  }
  if (code !== 0 || !values.serve) return code;
  console.log('Starting Tubekeeper on the demo library. Stop it with Ctrl+C.');
  await serve(config);
  return undefined;
}
