import { Type } from 'typebox';
import { TrashItem } from '../../../shared/history.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/trash (deleted items, kept for TRASH_DAYS). */
export { errors, MessageOnly } from '../answers.ts';
export { IdParams } from '../../../shared/schemas.ts';

export const tags = ['trash and history'];
export const TrashList = dataOf(Type.Array(TrashItem));
/** A restore's answer: the history entry it made (restoring that entry undoes the restore). */
export const Restored = messageAndData(Type.Object({ historyId: Type.Union([Type.String(), Type.Null()]) }));
