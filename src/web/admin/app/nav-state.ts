import { useLocation, useSearchParams } from 'react-router';
import type { CardType } from '../lib/endpoints.ts';

/**
 * Context a screen receives. The specification passes it in navigation state; the id (and the
 * category) are also in the URL so reload and bookmarks work. The URL wins when they disagree.
 */
export interface ScreenContext {
  id?: string;
  category?: CardType;
  title?: string;
  description?: string;
  image?: string;
  details?: string;
}

export function useScreenContext(): ScreenContext & { cardId: string | undefined } {
  const state = (useLocation().state ?? {}) as ScreenContext & { cardId?: string };
  const [search] = useSearchParams();
  const category = search.get('category') ?? state.category;
  return {
    ...state,
    id: search.get('id') ?? state.id,
    cardId: search.get('card') ?? state.cardId,
    category: category === 'portfolio' || category === 'product' ? category : undefined,
  };
}

export const listPath = (category: CardType) =>
  category === 'portfolio' ? '/admin/portfolio-admin' : '/admin/product-admin';
