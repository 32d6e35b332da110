import type { Db } from '../../db/database.ts';
import { PROOF_LINK_FIELDS, type Proof, type ProofFields, type ProofInput } from '../../../shared/schemas.ts';
import { writeRow } from '../settings/settings-service.ts';
import { getProof, normaliseProof, proofRow, type LinkField } from './proof-repository.ts';

/** What other features read of the trust settings (the pages, the launch checklist, a backup's check): through this service (decision 034). */
export { getProof, normaliseProof } from './proof-repository.ts';

/** Saves the trust settings; with `expected` (the updatedAt read) a newer save answers 409. */
export async function saveProof(
  db: Db,
  input: ProofInput,
  expected: string | undefined,
  actor?: string,
): Promise<Proof> {
  return db.transaction().execute((trx) => writeProof(trx, input, expected, actor));
}

/**
 * The write of saveProof inside a transaction the caller holds (the demo seed, a restore); with
 * `actor`, kept in the history. A link left out (a client from before they existed) keeps the stored one.
 */
export async function writeProof(
  db: Db,
  input: ProofInput,
  expected: string | undefined,
  actor?: string,
): Promise<Proof> {
  const current = await getProof(db);
  const links = Object.fromEntries(PROOF_LINK_FIELDS.map((f) => [f, input[f] ?? current[f]])) as Pick<
    ProofFields,
    LinkField
  >;
  return writeRow(proofRow, db, normaliseProof({ ...input, ...links }), expected, actor);
}
