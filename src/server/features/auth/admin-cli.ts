import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../config.ts';
import { processIo, type CommandIo } from '../../lib/command-io.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { resetFactors } from './second-step.ts';

/**
 * `npm run admin -- reset-factors`: the last resort of an owner who lost every second factor and
 * every recovery code. Run on the server (it reads DATA_DIR, DATABASE_URL and .env as the server
 * does): removes the admin account's passkeys, authenticator app and recovery codes and ends all its
 * sessions, so the password alone signs in again. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
const USAGE =
  'Usage: npm run admin -- reset-factors\n' +
  '  Removes every passkey, the authenticator app and the recovery codes of the admin account, and ends all its sessions.\n' +
  '  The password alone signs in afterwards; add the factors again on the Security screen.';

export async function runAdminCli(argv: string[], io: CommandIo = processIo()): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if (argv.length !== 1 || argv[0] !== 'reset-factors') {
    io.err(`${argv.length === 0 ? 'Name a command.' : `Unknown command ${argv.join(' ')}.`}\n${USAGE}\n`);
    return 2;
  }
  try {
    const config = loadConfig(io.env);
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await sql`select 1`.execute(database.db);
      await migrateToLatest(database.db);
      const users = await database.db.selectFrom('users').select(['id', 'email']).execute();
      if (users.length === 0) {
        io.err('There is no admin account in this database: check DATA_DIR or DATABASE_URL.\n');
        return 1;
      }
      for (const user of users) {
        const gone = await resetFactors(database.db, user.id);
        io.out(
          `${user.email}: removed ${gone.passkeys} ${gone.passkeys === 1 ? 'passkey' : 'passkeys'}` +
            `${gone.totp ? ', the authenticator app' : ''} and the recovery codes; ended ${gone.sessions} ${gone.sessions === 1 ? 'session' : 'sessions'}.\n`,
        );
      }
      io.out('The password alone signs in now. Add a passkey or an authenticator app again on the Security screen.\n');
      return 0;
    } finally {
      await database.destroy();
    }
  } catch (err) {
    io.err(err instanceof ConfigError ? `${err.message}\n` : `reset-factors failed: ${(err as Error).message}\n`);
    return 1;
  }
}
