/** `npm run backup`: the nightly backup (see src/server/features/backup/nightly.ts). */
import { runBackupCli } from '../src/server/features/backup/cli.ts';

process.exitCode = await runBackupCli('backup', process.argv.slice(2));
