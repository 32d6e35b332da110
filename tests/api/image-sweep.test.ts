import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { createCard, uploadImage } from '../helpers/factories.ts';
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
    const left = (await db.selectFrom('images').select('name').where('name', 'in', [abandoned, used, recent]).execute()).map((r) => r.name);
    assert.deepEqual(left.sort(), [used, recent].sort());
    assert.equal(existsSync(join(images.dir, abandoned)), false, 'the abandoned file is deleted');
    assert.equal(existsSync(join(images.dir, used)), true);
    assert.equal(existsSync(join(images.dir, recent)), true);
    assert.equal((await server().anon().get(`/uploads/${abandoned}`)).status, 404);
  });
});
