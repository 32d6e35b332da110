import type { Db } from '../../db/database.ts';
import { cardTypesOf } from '../cards/cards-service.ts';
import { trashedCardTypes } from '../trash/trash-service.ts';

/**
 * Whether each card is a product or a portfolio entry, read from the card, else from the trash
 * (a card deleted since); a card in neither is left out. For the History screen to name the kind.
 */
export async function cardTypes(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const out = await cardTypesOf(db, unique);
  const missing = unique.filter((id) => !out.has(id));
  for (const [id, type] of await trashedCardTypes(db, missing)) out.set(id, type);
  return out;
}
