/**
 * What another feature's service calls to put its deleted items in the Trash and take them out
 * (decision 026), without reaching into this feature's repository (decision 034).
 */
export { findInTrash, listTrash, putInTrash, removeFromTrash } from './trash-repository.ts';
