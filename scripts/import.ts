/** `npm run import -- FILE [--replace]`: a backup into this site's database (see src/server/features/backup/). */
import { runBackupCli } from '../src/server/features/backup/cli.ts';

process.exitCode = await runBackupCli('import', process.argv.slice(2));
