import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * Leads that stay bounded and true (issue 30, decision 020):
 * - lead_counts gains two counts: `page_visitors` (visitors who saw the row's page, counted in the
 *   row of their first view of it that day) and `contacted` (visitors who got in touch, counted in
 *   the row of their first tap that day). Existing rows take `visitors` as their page visitors (the
 *   visitors who entered on the page saw it: a lower bound) and 0 contacted.
 * - lead_totals: the same counts added up per day and per page, source, language and device, kept
 *   as the batches are written, so that the Results screen and the weekly email read at most a few
 *   hundred rows a day whatever lead_counts holds. Derived from lead_counts (built here, and again
 *   after an import), so a backup does not carry it.
 * - lead_visitors: each visitor of the day now records whether they count (at most a few per
 *   address and day) and the source they arrived from, which their later pages keep on every server.
 * - lead_marks: what happened once a day (a visitor saw a page, tapped call on a page, got in touch;
 *   a source got rows of its own), so a second time is not counted again. Deleted after its day.
 * - lead_caps: counters per day that every server adds to (visitors per address, sources admitted).
 * - lead_keys: the secret the pages' beacon tokens are made with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  // Kysely runs PostgreSQL migrations in a transaction: the totals of two years of counts take longer than a request may.
  if (engineOf(db) === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
  await db.schema
    .alterTable('lead_counts')
    .addColumn('page_visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('lead_counts')
    .addColumn('contacted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update lead_counts set page_visitors = visitors`.execute(db);

  await db.schema
    .createTable('lead_totals')
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('emails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contacted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_totals_pk', ['dim', 'day', 'key'])
    .execute();
  // The same statements as rebuildTotals (src/server/features/leads/lead-totals.ts), written out: a migration never changes.
  const sums = sql`sum(views), sum(visitors), sum(calls), sum(whatsapp), sum(emails), sum(contacted)`;
  const columns = sql`(dim, day, key, views, visitors, calls, whatsapp, emails, contacted)`;
  await sql`insert into lead_totals ${columns} select 'day', day, '', ${sums} from lead_counts group by day`.execute(
    db,
  );
  for (const dim of ['source', 'language', 'device'] as const) {
    await sql`insert into lead_totals ${columns} select ${sql.lit(dim)}, day, ${sql.ref(dim)}, ${sums} from lead_counts group by day, ${sql.ref(dim)}`.execute(
      db,
    );
  }
  await sql`insert into lead_totals ${columns}
    select 'page', day, page, sum(views), sum(case when page_visitors < visitors then visitors else page_visitors end), sum(calls), sum(whatsapp), sum(emails), sum(contacted)
    from lead_counts group by day, page`.execute(db);

  // Today's visitor hashes (they live one day): how each counts and where they came from.
  await db.schema
    .alterTable('lead_visitors')
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('lead_visitors')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();

  await db.schema
    .createTable('lead_marks')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('mark', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_marks_pk', ['day', 'mark'])
    .execute();
  await db.schema
    .createTable('lead_caps')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_caps_pk', ['day', 'key'])
    .execute();
  await db.schema
    .createTable('lead_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_keys', 'lead_caps', 'lead_marks', 'lead_totals'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('lead_visitors').dropColumn('source').execute();
  await db.schema.alterTable('lead_visitors').dropColumn('counted').execute();
  await db.schema.alterTable('lead_counts').dropColumn('contacted').execute();
  await db.schema.alterTable('lead_counts').dropColumn('page_visitors').execute();
}
