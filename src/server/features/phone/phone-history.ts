import type { ContentKind } from '../history/content-kind.ts';
import { latestChangeOf } from '../history/history-service.ts';
import { str } from '../history/versions.ts';
import { clearPhone, setPhone } from './phone-service.ts';

/**
 * The phone number as the History restores it (history/content-kind.ts). It has no updatedAt: a
 * restore sets it back whatever it is now; '' (no number) is cleared, which no phone check allows.
 * Setting it to the number it is already changes nothing (no History entry).
 */
export const phoneKind: ContentKind = {
  current: async () => '',
  apply: async (trx, id, v, { actor }) => {
    const phone = str(v, 'phone');
    await (phone === '' ? clearPhone(trx, actor) : setPhone(trx, phone, actor));
    return latestChangeOf(trx, 'phone', id);
  },
};
