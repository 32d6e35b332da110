import type { AppContext } from '../../context.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { localizeCard } from '../../../shared/localize.ts';
import type { PageState } from '../../../shared/page-data.ts';
import type { RequestErrors, RequestValues } from '../../../shared/quote-request.ts';
import { getCardWithDetails } from '../cards/cards-service.ts';
import { servedCities } from './request-cities.ts';

/** The request form sent back refused (400, or 429 past a sender's bound): every value as typed, every refused field with its error. */
export async function requestFormView(
  ctx: AppContext,
  lang: Language,
  path: string,
  values: RequestValues,
  errors: RequestErrors,
  photosChosen: boolean,
  status = 400,
): Promise<PageState> {
  const found = values.product ? await getCardWithDetails(ctx.db, values.product) : undefined;
  return {
    page: 'request',
    lang,
    status,
    key: path,
    data: {
      cities: await servedCities(ctx.db, lang),
      values: { ...values, product: found ? values.product : '' },
      errors,
      productTitle: found ? localizeCard(found.card, lang).title : '',
      // A browser cannot be handed a file back: the photos chosen are said to be lost.
      photosLost: photosChosen,
      // A person fixing one field may send again at once: the fill time counted once, on the first try.
      shownAt: 0,
    },
  };
}
