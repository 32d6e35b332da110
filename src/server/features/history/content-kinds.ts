import type { ContentHistoryKind } from '../../../shared/history.ts';
import { aboutKind } from '../about/about-history.ts';
import { cardKind, detailKind } from '../cards/card-history.ts';
import { contactKind } from '../contact/contact-history.ts';
import { faqKind } from '../faq/faq-history.ts';
import { wordKind } from '../keywords/keyword-history.ts';
import { phoneKind } from '../phone/phone-history.ts';
import { proofKind } from '../proof/proof-history.ts';
import { seoKind } from '../seo/seo-history.ts';
import { slideKind } from '../slides/slide-history.ts';
import type { ContentKind } from './content-kind.ts';

/**
 * Every kind of content the History and the Trash restore, each written by its own feature
 * (content-kind.ts). A new kind is one file in its feature and one line here (and its name in
 * shared/history.ts: CONTENT_TRASH_KINDS when it can be deleted, else CONTENT_HISTORY_KINDS).
 */
const CONTENT_KINDS: Readonly<Record<ContentHistoryKind, ContentKind>> = {
  card: cardKind,
  detail: detailKind,
  slide: slideKind,
  word: wordKind,
  faq: faqKind,
  about: aboutKind,
  contact: contactKind,
  phone: phoneKind,
  proof: proofKind,
  seo: seoKind,
};

/** The kind named `kind`; undefined for a kind the content does not keep (a city, a request). */
export const contentKindOf = (kind: string): ContentKind | undefined =>
  Object.hasOwn(CONTENT_KINDS, kind) ? CONTENT_KINDS[kind as ContentHistoryKind] : undefined;
