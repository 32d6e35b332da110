/** `npm run admin -- reset-factors`: see src/server/features/auth/admin-cli.ts. */
import { runAdminCli } from '../src/server/features/auth/admin-cli.ts';

process.exitCode = await runAdminCli(process.argv.slice(2));
