/**
 * Reading the docs' Markdown tables for tests/unit/docs.test.ts: sections by heading, rows as
 * cells, and the paths written in backticks.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** The text of the section under `heading` (a line `## …` or `### …`), up to the next heading of its level or higher. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const at = lines.findIndex((l) => l === heading);
  if (at < 0) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  const end = lines.findIndex((l, i) => i > at && /^#+ /.test(l) && /^#+/.exec(l)![0].length <= level);
  return lines.slice(at + 1, end < 0 ? undefined : end).join('\n');
}

/** The subsections of a section: each `### heading` with its text (the text before the first is under ''). */
export function subsections(text: string): { heading: string; text: string }[] {
  const parts: { heading: string; text: string }[] = [{ heading: '', text: '' }];
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) parts.push({ heading: line.slice(4), text: '' });
    else parts.at(-1)!.text += `${line}\n`;
  }
  return parts;
}

/** The body rows of every table in `text`, as cells (the header and separator rows left out). */
export function tableRows(text: string): string[][] {
  const rows: string[][] = [];
  let header = true;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      header = true;
      continue;
    }
    // Cells split on | not written as \|.
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    if (header) {
      header = false;
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    rows.push(cells);
  }
  return rows;
}

/** Everything written in backticks in `cell`. */
export const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The endings of the files the docs name. */
const FILE = /\.(ts|tsx|js|json|jsonc|md|sh|css|svg|txt|xml|env|service|html)$/;

/** A code span that names a file or folder: no spaces, a slash at its end or a file's ending, no placeholder, not a URL path. */
export const looksLikePath = (span: string): boolean =>
  !/[\s<>*:]/.test(span) && (span.endsWith('/') || FILE.test(span)) && !span.startsWith('/');

/** The top-level entries of the project a documented path may start from. */
const TOP = new Set(readdirSync(ROOT));

/** `path` as written under a table whose paths are relative to `base` (or to the project, when it starts at its top). */
export const resolvePath = (path: string, base: string): string =>
  TOP.has(path.split('/')[0]!) ? path : join(base, path);

export const exists = (path: string): boolean => existsSync(join(ROOT, path));

/** The folders directly inside `dir` (a path from the project's root), as `dir/name/`. */
export function foldersIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((name) => statSync(join(ROOT, dir, name)).isDirectory())
    .sort()
    .map((name) => `${dir}/${name}/`);
}

/** `path` with a trailing slash when it is a folder, so folders compare alike whichever way they were written. */
export const asFolder = (path: string): string => (path.endsWith('/') ? path : `${path}/`);

/** Whether a file or folder called `name` (`schemas.ts`, `routes/`) is anywhere inside `dir`. */
export function namedInside(dir: string, name: string): boolean {
  const wanted = name.replace(/\/$/, '');
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).some((p) => p.split('/').at(-1) === wanted);
}
