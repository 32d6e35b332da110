import net from 'node:net';
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

const app = await buildApp(config, {
  seedCommand: [process.execPath, ...process.execArgv, process.argv[1]!, '--seed-demo'],
});
/**
 * SIGTERM/SIGINT: first drain (docs/decisions/016): /readyz fails and every answer, kept pages
 * included, closes its connection, while the server still answers for SHUTDOWN_DRAIN_MS, long
 * enough for a load balancer to stop sending here and its clients to reconnect elsewhere. Then
 * stop listening, let requests in flight finish, close the database, and exit. Whatever still
 * hangs at SHUTDOWN_TIMEOUT_MS (9 s; a mail server that never answers) does not hold the process:
 * orchestrators kill at 10.
 */
/** After the listener closes, how long connections already open may still bring their request. */
const LAST_REQUESTS_MS = 1_000;

const shutdown = async (signal: string) => {
  const { shutdownDrainMs, shutdownTimeoutMs } = config.connections;
  app.log.info({ signal, drainMs: shutdownDrainMs }, 'shutting down');
  setTimeout(() => {
    app.log.warn(`requests still running after ${shutdownTimeoutMs} ms; exiting anyway`);
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  app.ctx.drain.draining = true;
  await new Promise((resolve) => setTimeout(resolve, shutdownDrainMs));
  // Stop taking connections, but do not close the idle ones yet: a proxy that opened one a moment
  // ago has its request on the way, and closing the connection under it is a reset the proxy cannot
  // retry for a POST. (http.Server#close would close them at once; net.Server#close only stops
  // listening.) Requests that arrive on them are answered, each closing its connection.
  // (Its callback waits for every connection to end, which is not what is waited for here.)
  net.Server.prototype.close.call(app.server);
  await new Promise((resolve) => setTimeout(resolve, LAST_REQUESTS_MS));
  // A keep-alive connection whose request was still running when the server closed would otherwise
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
