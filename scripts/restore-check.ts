/** `npm run restore-check -- FILE`: restores a backup in a drill (see src/server/features/backup/restore-check.ts). */
import { runBackupCli } from '../src/server/features/backup/cli.ts';

process.exitCode = await runBackupCli('restore-check', process.argv.slice(2));
