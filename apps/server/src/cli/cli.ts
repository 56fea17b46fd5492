import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase } from '../db/database.ts';
import { createContainer } from '../container.ts';
import { runUserCommand } from './user.command.ts';
import { runSearchCommand } from './search.command.ts';
import { serve } from './serve.command.ts';
import { runDemoCommand } from './demo.command.ts';
import { runWorkerCommand } from './worker.command.ts';
import { runBackupCommand } from './backup.command.ts';
import { limitHeapGrowth } from './heap-growth.ts';

const HELP = `Usage: tubekeeper <command>

Commands:
  serve                     start the web app and API (default)
  worker [--name N] [--concurrency N]
                            take jobs from the Redis queue (REDIS_URL) until SIGTERM; run any number,
                            on any host sharing the database, Redis and the media and cache folders
  migrate                   apply database migrations and exit
  user list                 list users
  user create <name> [--password P] [--staff] [--superuser]
  user passwd <name> [--password P]
  user delete <name>
  search rebuild            re-create the search index from the tables and print its counts
  backup create [--reason R] | list | restore <file>
                            ZIP backups in Tube Archivist's format in <cache>/backup/; restore takes a
                            name there or a path (a Tube Archivist backup: the migration path)
  demo [--data-dir D] [--serve]
                            generate the offline demo library (3 channels, 24 videos with subtitles,
                            comments and playlists) into <cache>/import/ and import it; --serve then
                            starts the app (npm run demo: in ./data-demo unless TK_DATA_DIR is set)

Configuration comes from environment variables (and .env); see README.md.`;

/** Returns an exit code for one-shot commands, or undefined for a long-running server. */
export async function runCli(argv: string[]): Promise<number | undefined> {
  const [command = 'serve', ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return 0;
  }
  if (command === 'demo') return runDemoCommand(rest);
  const config = loadConfig();
  // the engine as openDatabase chooses it: PostgreSQL when DATABASE_URL is set
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (command === 'serve') {
    limitHeapGrowth(engine);
    await serve(config);
    return undefined;
  }
  if (command === 'worker') {
    limitHeapGrowth(engine);
    return runWorkerCommand(config, rest);
  }
  const database = await openMigratedDatabase(config);
  try {
    if (command === 'migrate') {
      console.log(`Database is up to date (${database.engine}).`);
      return 0;
    }
    if (command === 'user') {
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { password: { type: 'string' }, staff: { type: 'boolean' }, superuser: { type: 'boolean' } },
      });
      return await runUserCommand(createContainer(config, database), positionals, values);
    }
    if (command === 'backup') {
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { reason: { type: 'string' } },
      });
      return await runBackupCommand(createContainer(config, database).backups, positionals, values);
    }
    if (command === 'search')
      return await runSearchCommand(createContainer(config, database).searchIndex, rest);
    console.error(`Unknown command: ${command}\n\n${HELP}`);
    return 2;
  } finally {
    await database.close();
  }
}
