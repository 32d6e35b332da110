import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { variantName } from '../../src/server/features/images/image-store.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { uniqueImage } from '../helpers/images.ts';
import { createPgDatabase, startServer, type TestServer } from '../helpers/server.ts';

describe(
  "two servers on one PostgreSQL database serve each other's images",
  { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set' },
  () => {
    let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
    let a: TestServer | undefined;
    let b: TestServer | undefined;
    before(async () => {
      pgDb = await createPgDatabase();
      // startServer('sqlite') makes no database of its own: DATABASE_URL points both at the shared one.
      // Each gets its own empty DATA_DIR, as two machines would have.
      a = await startServer('sqlite', { DATABASE_URL: pgDb.url });
      b = await startServer('sqlite', { DATABASE_URL: pgDb.url });
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await pgDb?.drop();
    });

    it('an image uploaded through one is served by the other, original and variants, byte for byte', async () => {
      assert.notEqual(a!.dataDir, b!.dataDir);
      const admin = await a!.admin();
      const name = await uploadImage(admin, await uniqueImage('jpeg', 800, 600));
      for (const file of [name, variantName(name, 320), variantName(name, 640)]) {
        const fromA = await fetch(`${a!.url}/uploads/${file}`);
        const fromB = await fetch(`${b!.url}/uploads/${file}`);
        assert.equal(fromA.status, 200, file);
        assert.equal(fromB.status, 200, file);
        assert.ok(
          Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer())),
          `${file}: the same bytes`,
        );
        assert.equal(fromB.headers.get('etag'), fromA.headers.get('etag'), 'the same validator on every server');
      }
      // A card made through the second server with the first server's upload: the image is known there too.
      const card = await createCard(await b!.admin(), 'portfolio', { image: name });
      assert.equal(card.image, name);
      for (const server of [a!, b!])
        assert.equal(existsSync(join(server.dataDir, 'uploads')), false, 'nothing written to a local disk');
    });
  },
);
