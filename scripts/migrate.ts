/** `npm run migrate [-- --status | --to NAME]`: see src/server/db/migrate-cli.ts. */
import { runMigrateCli } from '../src/server/db/migrate-cli.ts';

process.exitCode = await runMigrateCli(process.argv.slice(2));
