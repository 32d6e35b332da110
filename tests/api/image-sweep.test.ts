import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { storedFile } from '../helpers/stored-images.ts';
import { describeEachEngine } from '../helpers/server.ts';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('unused uploads are swept', (server) => {
  it('frees day-old uploads that nothing uses, and keeps used or recent ones', async () => {
    const admin = await server().admin();
    const { db, images } = server().app.ctx;
    const abandoned = await uploadImage(admin);
    const used = await uploadImage(admin);
    await createCard(admin, 'product', { image: used });
    const recent = await uploadImage(admin);
    // Age two of them by two days (a real write to the images table).
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    await db.updateTable('images').set({ created_at: twoDaysAgo }).where('name', 'in', [abandoned, used]).execute();

    const removed = await images.sweepOrphans(db, new Date(Date.now() - DAY));

    assert.equal(removed, 1);
    const left = (
      await db.selectFrom('images').select('name').where('name', 'in', [abandoned, used, recent]).execute()
    ).map((r) => r.name);
    assert.deepEqual(left.sort(), [used, recent].sort());
    assert.equal(await storedFile(server(), abandoned), undefined, 'the abandoned bytes are deleted');
    assert.equal(await storedFile(server(), abandoned.replace('.webp', '-320.webp')), undefined, 'its variants too');
    assert.ok(await storedFile(server(), used));
    assert.ok(await storedFile(server(), recent));
    assert.equal((await server().anon().get(`/uploads/${abandoned}`)).status, 404);
  });
});
