import { Type } from 'typebox';
import { LaunchCheck } from '../../../../shared/schemas.ts';
import { dataOf } from '../answers.ts';

/** Schemas of /api/checklist (the admin home's launch checklist). */
export { errors } from '../answers.ts';

export const tags = ['checklist'];
export const ChecklistAnswer = dataOf(Type.Array(LaunchCheck));
