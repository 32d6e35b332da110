import { SystemFacts } from '../../../shared/schemas.ts';
import { dataOf } from '../answers.ts';

/** Schemas of /api/system (the admin home's System panel). */
export { errors } from '../answers.ts';

export const tags = ['system'];
export const SystemAnswer = dataOf(SystemFacts);
