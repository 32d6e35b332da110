/** `npm run export -- FILE`: the whole site to one file (see src/server/features/backup/). */
import { runBackupCli } from '../src/server/features/backup/cli.ts';

process.exitCode = await runBackupCli('export', process.argv.slice(2));
