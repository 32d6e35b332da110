import type { ar } from './ar.ts';

type Widen<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Widen<T[K]>;
};

/** Every language fills the same keys as Arabic; a missing or misspelt key is a type error. */
export type Dict = Widen<typeof ar>;
