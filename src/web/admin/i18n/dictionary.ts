import type { Language } from '../../../shared/language.ts';
import { ar } from './ar.ts';
import type { Dict } from './dict.ts';
import { en } from './en.ts';

export type { Dict } from './dict.ts';
export type { Language } from '../../../shared/language.ts';

export const dictionaries: Record<Language, Dict> = { ar, en };
