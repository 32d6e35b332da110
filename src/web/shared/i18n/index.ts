import { ar } from './ar.ts';
import type { Dictionary, Lang } from './dictionary.ts';
import { en } from './en.ts';

export * from './dictionary.ts';

const dictionaries: Record<Lang, Dictionary> = { ar, en };

export const dictionaryFor = (lang: Lang): Dictionary => dictionaries[lang];
