import { Proof } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/proof (figures, guarantee, registration numbers, customer quotes). */
export { errors } from '../answers.ts';
export { ProofSave } from '../../../shared/schemas.ts';

export const tags = ['proof'];
export const ProofAnswer = dataOf(Proof);
export const ProofSaved = messageAndData(Proof);
