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
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ mode: config.production ? 'production' : 'development' }, `Site ready at ${config.publicUrl}`);
