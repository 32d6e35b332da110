import { checklist } from './endpoints.ts';
import { useLoad } from './use-load.ts';

/**
 * The ids of the items still showing demo content, for the lists to mark "Demo". A failure marks
 * nothing: the badges help, the list works without them.
 */
export function useDemoItems(): ReadonlySet<string> {
  const demo = useLoad((signal) => checklist.demo({ signal }).catch(() => new Set<string>()), 'demo-items');
  return demo.data ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();
