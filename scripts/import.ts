/** `npm run import -- FILE [--replace]`: a backup into this site's database (see src/server/backup/). */
import { runBackupCli } from '../src/server/backup/cli.ts';

process.exitCode = await runBackupCli('import', process.argv.slice(2));
