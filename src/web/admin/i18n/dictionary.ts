import { ar } from './ar.ts';
import { en } from './en.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : Widen<T[K]> };

/** Every language fills the same keys as Arabic; a missing or misspelt key is a type error. */
export type Dict = Widen<typeof ar>;
export type Lang = 'ar' | 'en';

export const dictionaries: Record<Lang, Dict> = { ar, en };
