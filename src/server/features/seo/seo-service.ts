/** What other features read of the search titles (the pages, a backup's check): through this module, never the repository (decision 034). */
export { getSeo, normaliseSeo } from './seo-repository.ts';
