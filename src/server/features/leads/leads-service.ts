/** What other features read of the results' settings (the requests' email names its language): through this module, never the repository (decision 034). */
export { getOptions } from './leads-repository.ts';
