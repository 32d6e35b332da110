import { v7 as uuidv7, validate } from 'uuid';

/** Time-ordered ids (UUIDv7): sortable, unguessable enough, never an exposed counter. */
export const newId = (): string => uuidv7();

export const isId = (value: string): boolean => validate(value);
