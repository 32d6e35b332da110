import { ar } from './ar.ts';
import type { Dictionary, Language } from './dictionary.ts';
import { en } from './en.ts';

export * from './dictionary.ts';

const dictionaries: Record<Language, Dictionary> = { ar, en };

export const dictionaryFor = (lang: Language): Dictionary => dictionaries[lang];
