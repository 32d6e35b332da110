import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { processIo, type CommandIo } from '../lib/command-io.ts';
import { openDatabase } from './database.ts';
import { appliedMigrations, knownMigrations, migrateTo } from './migrate.ts';

/**
 * `npm run migrate [-- --status | --to NAME]`: the database schema as its own step, so an upgrade
 * (deploy/upgrade.sh) migrates before it restarts anything and can migrate back down when the new
 * version does not start. It reads DATA_DIR and DATABASE_URL (and .env) as the server does.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
const USAGE =
  'Usage: npm run migrate [-- --status | --to NAME]\n' +
  '  (nothing)   runs every migration this version knows that the database has not run\n' +
  '  --status    prints the last migration the database ran ("database: NAME", or "none") and this version\'s last\n' +
  '  --to NAME   migrates up or down until NAME is the last one run ("none": an empty schema); down runs each newer migration\'s down';

type Command = { kind: 'latest' } | { kind: 'status' } | { kind: 'to'; target: string };

function parseArgs(argv: string[]): Command {
  if (argv.length === 0) return { kind: 'latest' };
  if (argv.length === 1 && argv[0] === '--status') return { kind: 'status' };
  if (argv.length === 2 && argv[0] === '--to') {
    const target = argv[1]!;
    if (target !== 'none' && !knownMigrations().includes(target)) {
      throw new Error(`This version knows no migration ${target} (it knows ${knownMigrations().join(', ')}).`);
    }
    return { kind: 'to', target };
  }
  throw new Error(`Unknown arguments: ${argv.join(' ')}.`);
}

const last = (names: readonly string[]) => names.at(-1) ?? 'none';

export async function runMigrateCli(argv: string[], io: CommandIo = processIo()): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    const config = loadConfig(io.env);
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longRunning: true });
    try {
      await sql`select 1`.execute(database.db);
      const known = knownMigrations();
      const before = await appliedMigrations(database.db);
      if (command.kind === 'status') {
        const pending = known.filter((name) => !before.includes(name));
        io.out(`database: ${last(before)}\nthis version: ${last(known)} (${pending.length} to run)\n`);
        return 0;
      }
      // A database a newer version migrated: running this version's migrations would not make it ours.
      const unknown = before.filter((name) => !known.includes(name));
      if (unknown.length > 0) {
        io.err(
          `The database has run migrations this version does not know (${unknown.join(', ')}): a newer version migrated it. ` +
            `Run that version's \`npm run migrate -- --to ${last(known)}\` first.\n`,
        );
        return 1;
      }
      const target = command.kind === 'to' ? command.target : last(known);
      const { direction, names } = await migrateTo(database.db, target);
      const after = last(await appliedMigrations(database.db));
      io.out(
        direction === 'none'
          ? `database: ${after} (nothing to run)\n`
          : `database: ${after} (${direction === 'up' ? 'ran' : 'reverted'} ${names.join(', ')})\n`,
      );
      return 0;
    } finally {
      await database.destroy();
    }
  } catch (err) {
    io.err(err instanceof ConfigError ? `${err.message}\n` : `The migration failed: ${(err as Error).message}\n`);
    return 1;
  }
}
