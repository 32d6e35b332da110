import type { ContentKind } from '../history/content-kind.ts';
import { latestChangeOf } from '../history/history-service.ts';
import { getProof, proofFromVersion } from './proof-repository.ts';
import { writeProof } from './proof-service.ts';

/** The trust settings as the History restores them (history/content-kind.ts): saved again as they were. */
export const proofKind: ContentKind = {
  current: async (db) => (await getProof(db)).updatedAt,
  apply: async (trx, id, v, { expected, actor }) => {
    await writeProof(trx, proofFromVersion(v), expected, actor);
    return latestChangeOf(trx, 'proof', id);
  },
};
