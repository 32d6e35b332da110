import pg from 'pg';
import { clusterSkip } from './pg-cluster.ts';

/**
 * Runs once, before any test file: `npm test` (scripts/test.ts) calls it before either pass, and
 * `node --test --test-global-setup=tests/helpers/global-setup.ts` runs it by hand. Without TEST_DATABASE_URL the PostgreSQL half of the API suites is
 * not declared at all, so the run's summary cannot show what it did not test: this line says it at
 * the start. With TEST_DATABASE_URL set but no server answering, every PostgreSQL suite would fail
 * on its own with a bare connection error: the run stops here instead, with one message.
 */
export async function globalSetup(): Promise<void> {
  // The outage and readiness suites start clusters of their own, with or without TEST_DATABASE_URL.
  const clusters = clusterSkip ? `; outage and readiness suites skipped: ${clusterSkip}` : '';
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log(`PostgreSQL: not tested (TEST_DATABASE_URL is not set): API suites run on SQLite only${clusters}`);
    return;
  }
  const where = describeServer(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  let version: string;
  try {
    await client.connect();
    version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  } catch (err) {
    stop(
      `PostgreSQL: TEST_DATABASE_URL is set but the server at ${where} cannot be reached (${(err as Error).message || String(err)}): start it, or unset TEST_DATABASE_URL to test on SQLite only`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  console.log(`PostgreSQL: tested at ${where} (server ${version})${clusters}`);
}

/** Host and port only: the URL may carry a password, which has no place in a test log. */
function describeServer(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    stop(
      'PostgreSQL: TEST_DATABASE_URL is set but is not a URL (expected e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  // A Unix socket is named by ?host=/path, with no host before the path.
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  return `${host}:${parsed.port || '5432'}`;
}

/**
 * Ends the whole run before any test file starts: a thrown error here would end it too, but under
 * a stack trace of the runner's internals that buries the one line that matters.
 */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}
