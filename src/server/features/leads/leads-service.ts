/** What other features read of the results' settings (the requests' email names its language): through this module, never the repository (decision 034). */
export { getOptions } from './leads-repository.ts';

/** The periodic jobs' deletions (jobs/schedule.ts): yesterday's visitor marks, counts past their keeping. */
export { forgetVisitors, pruneCounts } from './leads-repository.ts';
