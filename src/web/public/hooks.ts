import { createContext, useContext } from 'react';
import { dictionaryFor, type Dictionary, type Language, type PageName } from '../../shared/i18n/index.ts';
import type { PageDataMap, PageState, RootData } from '../../shared/page-data.ts';

export const ViewContext = createContext<PageState | null>(null);
export const RootContext = createContext<RootData>({
  phone: '',
  phoneText: '',
  whatsappText: '',
  keywords: [],
  contact: {
    email: '',
    whatsapp: '',
    instagram: '',
    x: '',
    tiktok: '',
    snapchat: '',
    facebook: '',
    citiesAr: [],
    citiesEn: [],
    hours: null,
    hoursNoteAr: '',
    hoursNoteEn: '',
    addressAr: '',
    addressEn: '',
    location: null,
    mapsLink: '',
    updatedAt: '',
  },
  seo: { titleAr: '', titleEn: '', descriptionAr: '', descriptionEn: '' },
  cities: [],
  hasFaq: false,
  registration: { crNumber: '', vatNumber: '', crCheckLink: '', vatCheckLink: '', reviewsLink: '' },
  year: 2025,
});

/** The page being rendered: its name, language, status, key and data. */
export function useView(): PageState {
  const view = useContext(ViewContext);
  if (!view) throw new Error('useView outside <App>');
  return view;
}

export function usePageData<P extends PageName>(_page: P): PageDataMap[P] {
  return useView().data as PageDataMap[P];
}

export const useLang = (): Language => useView().lang;
export const useT = (): Dictionary => dictionaryFor(useLang());
export const useRootData = (): RootData => useContext(RootContext);
