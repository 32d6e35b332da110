/** `npm run export -- FILE`: the whole site to one file (see src/server/backup/). */
import { runBackupCli } from '../src/server/backup/cli.ts';

process.exitCode = await runBackupCli('export', process.argv.slice(2));
