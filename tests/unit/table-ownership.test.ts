import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { schemaTables } from '../helpers/schema-tables.ts';

// "A repository touches only its own tables" (issue 32, decision 034): the import rules of
// .dependency-cruiser.cjs cannot see SQL, so this reads every repository's Kysely calls and sql``
// fragments and compares the tables they name with the tables its feature owns.

const FEATURES = 'src/server/features';

/** The tables of each feature, as src/server/db/schema.ts declares them. */
const OWNED: Record<string, readonly string[]> = {
  about: ['about'],
  cards: ['cards', 'card_details', 'card_slugs'],
  cities: ['cities'],
  // A settings row each, read and written through settings/settings-row.ts: no table named here.
  contact: [],
  phone: [],
  proof: [],
  seo: [],
  faq: ['faqs'],
  history: ['history', 'kept_images'],
  images: ['images', 'image_files'],
  keywords: ['words'],
  leads: [
    'lead_counts',
    'lead_salts',
    'lead_visitors',
    'lead_options',
    'lead_totals',
    'lead_marks',
    'lead_caps',
    'lead_keys',
  ],
  // The settings rows' one mechanism (settings-row.ts).
  settings: ['settings'],
  requests: ['requests', 'request_photos', 'request_changes'],
  // The order lock of the slides (a row of locks).
  slides: ['slides', 'locks'],
  trash: ['trash'],
};

/**
 * The reads of another feature's table still in a repository, each with why it is one statement
 * there. The list only shrinks: an entry the file no longer needs fails the test too.
 */
const CROSSINGS: Record<string, Record<string, string>> = {
  'cards/cards-repository.ts': {
    trash: 'deleteOrphanSlugs: a former address is kept while its card is in the Trash, in one delete statement',
  },
  'cities/cities-repository.ts': {
    cards: "a project's city is the column cards.city_id, which the cities read and set",
  },
  'images/images-repository.ts': {
    cards: 'unreferenced: the deletion of an unused image checks every table naming it in its own statement',
    card_details: 'unreferenced (as above)',
    slides: 'unreferenced (as above)',
    kept_images: 'unreferenced (as above)',
  },
  'slides/slides-repository.ts': {
    trash: 'orderWithTrash: the order a deleted slide remembers is read from the slides in the Trash',
  },
};

/** The repositories: every `*-repository.ts` of a feature, and the settings rows' module. */
function repositories(): string[] {
  const out: string[] = [];
  for (const feature of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const file of readdirSync(join(FEATURES, feature.name)))
      if (file.endsWith('-repository.ts')) out.push(`${feature.name}/${file}`);
  }
  out.push('settings/settings-row.ts');
  return out.sort();
}

const KYSELY_CALL =
  /\.?\b(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*(['"`])([a-z_]+)/g;
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi;

/** The tables a source text names in Kysely calls and sql`` fragments (comments left out). */
function tablesNamed(source: string, known: Set<string>): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out = new Set<string>();
  for (const m of code.matchAll(KYSELY_CALL)) out.add(m[3]!);
  for (const fragment of code.matchAll(/\bsql(?:<[^>`]*>)?`([^`]*)`/g))
    for (const m of fragment[1]!.matchAll(SQL_TABLE)) if (known.has(m[1]!)) out.add(m[1]!);
  return out;
}

describe('the tables each repository touches', () => {
  const known = new Set(schemaTables());

  it('names only tables of the schema in the ownership map', () => {
    const unknown = Object.values(OWNED)
      .flat()
      .filter((t) => !known.has(t));
    assert.deepEqual(unknown, [], 'tables in the ownership map that src/server/db/schema.ts does not declare');
  });

  it('reads and writes only its own feature’s tables', () => {
    const problems: string[] = [];
    for (const file of repositories()) {
      const feature = file.split('/')[0]!;
      const own = OWNED[feature];
      if (!own) {
        problems.push(`${file}: its feature "${feature}" owns no table in the map of this test`);
        continue;
      }
      const named = tablesNamed(readFileSync(join(FEATURES, file), 'utf8'), known);
      for (const table of named) {
        if (!known.has(table)) problems.push(`${file}: names "${table}", which is not a table of schema.ts`);
        else if (!own.includes(table) && !CROSSINGS[file]?.[table])
          problems.push(`${file}: touches the table "${table}", which is not its feature's (${own.join(', ')})`);
      }
      for (const table of Object.keys(CROSSINGS[file] ?? {}))
        if (!named.has(table))
          problems.push(`${file}: no longer touches "${table}": take it out of CROSSINGS in this test`);
    }
    assert.deepEqual(problems, []);
  });

  it('finds the tables of Kysely calls, joins and sql fragments, not of comments', () => {
    const known = new Set(['cards', 'cities', 'trash', 'faqs', 'history']);
    const found = tablesNamed(
      [
        "db.selectFrom('faqs as f').innerJoin('cities', 'cities.id', 'f.city_id')",
        "// db.selectFrom('trash')",
        'await sql`delete from "history" where id = ${id}`.execute(db);',
        "db.updateTable('cards')",
      ].join('\n'),
      known,
    );
    assert.deepEqual([...found].sort(), ['cards', 'cities', 'faqs', 'history']);
  });
});
