import { Type } from 'typebox';
import { LaunchCheck } from '../../../shared/schemas.ts';
import { dataOf } from '../answers.ts';

/** Schemas of /api/checklist (the admin home's launch checklist). */
export { errors } from '../answers.ts';

export const tags = ['checklist'];
export const ChecklistAnswer = dataOf(Type.Array(LaunchCheck));
export const DemoItemsAnswer = dataOf(
  Type.Array(Type.String(), { description: 'Ids of slides, cards and detail items' }),
);
