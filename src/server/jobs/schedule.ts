import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { cleanUpDatabase, pruneOutbox } from './clean-up.ts';
import { claimJob } from './job-lease.ts';
import { pruneRetention } from '../features/history/retention.ts';
import { addDays, dayIn } from '../features/leads/classify.ts';
import { compactSources } from '../features/leads/lead-compaction.ts';
import { forgetVisitors, pruneCounts } from '../features/leads/leads-service.ts';
import { sendWeeklyEmail } from '../features/leads/weekly-email.ts';
import { deleteOldRequests } from '../features/requests/requests-service.ts';
import { pruneRequestChanges, pruneTrashedRequests } from '../features/requests/request-trash.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many times each periodic job has started on this server (for logs and tests). */
    jobRuns: Record<string, number>;
    /** Resolves once no periodic job is running on this server (the first ones start as the app gets ready). */
    jobsIdle(): Promise<void>;
  }
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** How often each server asks whether a job is due: a cheap UPDATE that matches nothing most times. */
const TICK_MS = 5 * 60 * 1000;
const ORPHAN_IMAGE_AGE_MS = 24 * HOUR;

interface Job {
  name: string;
  everyMs: number;
  /** Shared jobs work on the database and run on one server per period; local ones on every server. */
  shared: boolean;
  run(app: FastifyInstance): Promise<Record<string, number>>;
}

const JOBS: Job[] = [
  {
    // An image uploaded for a form that was never sent is freed after a day.
    name: 'image-sweep',
    everyMs: 6 * HOUR,
    shared: true,
    run: async ({ ctx }) => ({
      removed: await ctx.images.sweepOrphans(ctx.db, new Date(Date.now() - ORPHAN_IMAGE_AGE_MS)),
    }),
  },
  {
    name: 'clean-up',
    everyMs: HOUR,
    shared: true,
    run: async ({ ctx }) => ({ ...(await cleanUpDatabase(ctx.db)) }),
  },
  {
    // Trashed items and old versions past their keeping (config.retention), and their images.
    name: 'retention',
    everyMs: HOUR,
    shared: true,
    run: async ({ ctx }) => pruneRetention(ctx),
  },
  {
    // Leads counts are kept LEADS_KEEP_DAYS; a day's visitor hashes, marks and salt go once the day
    // is over, and its sources beyond the top ones are folded into 'other'.
    name: 'leads-retention',
    everyMs: HOUR,
    shared: true,
    run: async ({ ctx }) => {
      const today = dayIn(ctx.config.leads.timeZone);
      return {
        counts: await pruneCounts(ctx.db, addDays(today, -ctx.config.leads.keepDays)),
        visitors: await forgetVisitors(ctx.db, today),
        folded: await compactSources(ctx.db, today),
      };
    },
  },
  {
    // Quote requests (personal data) past REQUESTS_KEEP_MONTHS, with their photos and changes; those
    // in the Trash past TRASH_DAYS; the owner's changes past HISTORY_DAYS (as the content's history).
    name: 'requests-retention',
    everyMs: HOUR,
    shared: true,
    run: async ({ ctx }) => {
      const { trashDays, historyDays } = ctx.config.retention;
      return {
        requests: await deleteOldRequests(ctx.db, ctx.config.requests.keepMonths),
        trashed: await pruneTrashedRequests(ctx.db, new Date(Date.now() - trashDays * DAY)),
        changes: await pruneRequestChanges(ctx.db, new Date(Date.now() - historyDays * DAY)),
      };
    },
  },
  {
    // Last week's results to the owner, once a week for all servers together.
    name: 'leads-weekly-email',
    everyMs: 7 * 24 * HOUR,
    shared: true,
    run: async ({ ctx }) => ({ sent: await sendWeeklyEmail(ctx) }),
  },
  {
    // Each server writes its own outbox (DATA_DIR is local), so each prunes its own.
    name: 'outbox',
    everyMs: 24 * HOUR,
    shared: false,
    run: async ({ ctx }) => ({ removed: await pruneOutbox(ctx.config.dataDir) }),
  },
];

/**
 * Runs the periodic jobs: at start and then whenever one is due (checked every 5 minutes), a shared
 * job on the one server whose claim on its lease row succeeded (src/server/jobs/job-lease.ts), a
 * local job on each. The claims are made before the server starts listening (so when two start at
 * once, the database already knows which one runs what); the jobs themselves run in the background,
 * and closing the app waits for them.
 */
export function registerJobs(app: FastifyInstance): void {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const localLastRun = new Map<string, number>();
  const runs: Record<string, number> = Object.fromEntries(JOBS.map((job) => [job.name, 0]));
  app.decorate('jobRuns', runs);
  const running = new Set<Promise<void>>();
  let closing = false;
  app.decorate('jobsIdle', async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  });

  const start = (job: Job) => {
    runs[job.name]!++;
    app.log.debug({ job: job.name }, 'periodic job started');
    const run = job
      .run(app)
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) app.log.info({ job: job.name, ...counts }, 'periodic job done');
      })
      .catch((err: unknown) => app.log.warn({ err, job: job.name }, 'periodic job failed'))
      .finally(() => running.delete(run));
    running.add(run);
  };

  const tick = async () => {
    for (const job of JOBS) {
      if (closing) return;
      try {
        const now = Date.now();
        if (
          job.shared
            ? await claimJob(app.ctx.db, job.name, job.everyMs, owner, now)
            : now - (localLastRun.get(job.name) ?? 0) >= job.everyMs
        ) {
          localLastRun.set(job.name, now);
          start(job);
        }
      } catch (err) {
        app.log.warn({ err, job: job.name }, 'could not claim a periodic job');
      }
    }
  };

  const timer = setInterval(() => void tick(), TICK_MS).unref();
  app.addHook('onReady', tick);
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await Promise.allSettled(running);
  });
}
