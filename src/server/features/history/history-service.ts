/**
 * What another feature's service calls to keep its changes in the History (decision 026; issue
 * 32: the history is written by services, and one feature reaches another's tables through that
 * feature's service, decision 034).
 */
export { deleteHistoryOf, findHistory, listHistory, recordChange } from './history-repository.ts';
