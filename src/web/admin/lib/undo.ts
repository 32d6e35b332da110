/**
 * What an Undo button does (issue 26): a delete is undone by restoring the item from the trash, an
 * edit by restoring the version it replaced, found in the item's history by the version it made.
 * Each answers the message for the toast that says so.
 */
import { history, trash } from './endpoints.ts';
import { kindMessage, type ItemKind } from './kinds.ts';

/** Undoes a delete; the toast names the kind of item put back ("Product restored"). */
export async function undoDelete(id: string, kind: ItemKind): Promise<string> {
  await trash.restore(id);
  return kindMessage(kind, 'restored');
}

/** `item`: the item's id (the language for about texts, 'contact', 'phone'); `made`: the updatedAt the edit answered, if any. */
export async function undoEdit(item: string, made?: string): Promise<string> {
  const changes = await history.list(item);
  const change = made === undefined ? changes[0] : changes.find((c) => c.after?.updatedAt === made);
  if (!change) throw new Error('nothing to undo');
  // The version the edit made is the one expected: a change made since then answers 409.
  return (await history.restore(change.id, made ?? change.current)).message;
}
