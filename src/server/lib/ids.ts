import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids (UUIDv7): sortable, unguessable enough, never an exposed counter. */
export const newId = (): string => uuidv7();
