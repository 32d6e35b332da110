import type { TestServer } from './server.ts';

/** What the database holds of uploaded images, read directly (not through the store or its cache). */

/** The bytes stored under a served file name (an original or a variant), or undefined. */
export async function storedFile(server: TestServer, name: string): Promise<Buffer | undefined> {
  const row = await server.app.ctx.db
    .selectFrom('image_files')
    .select('bytes')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** Every stored file name, sorted. */
export async function storedFileNames(server: TestServer): Promise<string[]> {
  const rows = await server.app.ctx.db.selectFrom('image_files').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}
