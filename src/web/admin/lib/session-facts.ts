/**
 * Facts of the signed-in session the admin area reads once (GET /api/auth/is-logged-in): how many
 * days the trash keeps a deleted item (TRASH_DAYS), for the delete dialogs to say.
 */
const DEFAULT_TRASH_DAYS = 30;
let trashDays = DEFAULT_TRASH_DAYS;

export const rememberTrashDays = (days: number | undefined): void => {
  if (typeof days === 'number' && Number.isInteger(days) && days > 0) trashDays = days;
};

export const keptDays = (): number => trashDays;
