import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';

loadDotEnv();
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

// `server.js --seed-demo`: the child that seeds the demo content for a first start, then exits.
if (process.argv.includes('--seed-demo')) {
  const seeder = await buildApp(config);
  await seeder.close();
  process.exit(0);
}

const app = await buildApp(config, { seedCommand: [process.execPath, ...process.execArgv, process.argv[1]!, '--seed-demo'] });
/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database,
 * and exit. Whatever still hangs after 9 seconds (a mail server that never answers) does not hold
 * the process: orchestrators kill at 10.
 */
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.warn('requests still running after 9 s; exiting anyway');
    process.exit(1);
  }, 9_000).unref();
  // A keep-alive connection whose request was still running when the signal came would otherwise
  // hold the server open once it goes idle: close such connections as they go quiet.
  setInterval(() => app.server.closeIdleConnections(), 100).unref();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
for (const warning of config.warnings) app.log.warn(warning);
app.log.info({ mode: config.production ? 'production' : 'development' }, `Site ready at ${config.publicUrl}`);
