/** The API contract (specification section 7) as typed functions; paths are kept exactly. */
import type { AboutText } from '../../../shared/about.ts';
import type {
  About,
  Card,
  CardDetail,
  CardType,
  City,
  CityInput,
  Contact,
  ContactInput,
  Faq,
  FaqInput,
  Language,
  LaunchCheck,
  LaunchCheckKey,
  Proof as TrustProof,
  ProofFields,
  ProofQuote,
  Seo,
  SeoFields,
  SessionItem,
  Slide,
  SystemFacts,
  Word,
} from '../../../shared/schemas.ts';
import type { HistoryEntry, TrashItem } from '../../../shared/history.ts';
import type { Focus } from '../../../shared/focus.ts';
import { api, type RequestOptions } from './api.ts';

export type { TrashItem };
export type {
  About,
  AboutText,
  Card,
  CardDetail,
  CardType,
  City,
  CityInput,
  Contact,
  ContactInput,
  Faq,
  FaqInput,
  Language,
  LaunchCheck,
  LaunchCheckKey,
  ProofFields,
  ProofQuote,
  Seo,
  SeoFields,
  SessionItem,
  Slide,
  TrustProof,
  Word,
};
export interface Saved<T> {
  message: string;
  data?: T;
}
export interface CardWithDetails {
  cardWithImageUrl: Card;
  detailsWithImageUrl: CardDetail[];
}
/** An add or edit: Arabic title/text, the English pair ('' = none; an edit sends it, so '' clears it). */
export interface ItemInput {
  title: string;
  text: string;
  titleEn: string;
  textEn: string;
  image: string | null;
  expectedUpdatedAt?: string;
  /** A card's addresses, sent only when the owner changed them (decision 035). */
  slug?: string;
  slugEn?: string;
}

const q = encodeURIComponent;
const texts = (input: ItemInput) => ({
  title: input.title,
  description: input.text,
  titleEn: input.titleEn,
  descriptionEn: input.textEn,
});
const editBody = (input: ItemInput) => ({
  ...texts(input),
  ...(input.slug !== undefined ? { slug: input.slug } : {}),
  ...(input.slugEn !== undefined ? { slugEn: input.slugEn } : {}),
  ...(input.image ? { image: input.image } : {}),
  ...(input.expectedUpdatedAt ? { expectedUpdatedAt: input.expectedUpdatedAt } : {}),
});

export const auth = {
  isLoggedIn: (o?: RequestOptions) =>
    api.get<{ message: string; data: { email: string; trashDays?: number } }>('/api/auth/is-logged-in', {
      quiet401: true,
      ...o,
    }),
  login: (email: string, password: string) =>
    api.post<{ token: string; message: string }>('/api/auth/login', { email, password }, { quiet401: true }),
  logout: () => api.post<{ message: string }>('/api/auth/logout', undefined, { quiet401: true }),
  forgetPassword: (email: string) => api.post<{ message: string }>('/api/auth/forget-password', { email }),
  verifyOtp: (email: string, otp: string) =>
    api.post<{ message: string; token: string; secondStep?: SecondStepInfo }>(
      '/api/auth/verify-reset-password',
      { email, otp },
      { quiet401: true },
    ),
  resendOtp: (email: string) => api.post<{ message: string }>('/api/auth/resend-otp', { email }),
  resetPassword: (password: string, token: string) =>
    api.put<{ message: string }>(
      '/api/auth/reset-password',
      { password },
      { headers: { authorization: `Bearer ${token}` }, quiet401: true },
    ),
};

export const cards = {
  list: (type: CardType, o?: RequestOptions) =>
    api.get<{ data: Card[] }>(`/api/card?type=${q(type)}`, o).then((r) => r.data),
  withDetails: (id: string, o?: RequestOptions) =>
    api.get<{ data: CardWithDetails }>(`/api/card/details?id=${q(id)}`, o).then((r) => r.data),
  add: (type: CardType, input: ItemInput) =>
    api.post<Saved<Card>>(`/api/card/?type=${q(type)}`, { ...texts(input), image: input.image }),
  update: (id: string, input: ItemInput) => api.put<Saved<Card>>(`/api/card/${q(id)}`, editBody(input)),
  remove: (id: string) => api.delete<{ message: string }>(`/api/card/${q(id)}`),
  /** `expected`: the card's updatedAt as last read; the flip answers 409 when it has moved since. */
  toggleDetails: (id: string, expected?: string) =>
    api.put<Saved<Card>>(
      `/api/card/togggle-details/${q(id)}`,
      undefined,
      expected ? { headers: { 'if-match': expected } } : undefined,
    ),
  addDetail: (cardId: string, input: ItemInput) =>
    api.post<Saved<CardDetail>>('/api/card/details', { ...texts(input), image: input.image, id: cardId }),
  updateDetail: (id: string, input: ItemInput) =>
    api.put<Saved<CardDetail>>(`/api/card/details/${q(id)}`, editBody(input)),
  removeDetail: (id: string) => api.delete<{ message: string }>(`/api/card/details/${q(id)}`),
};

export const slides = {
  list: (o?: RequestOptions) => api.get<{ data: Slide[] }>('/api/slider/', o).then((r) => r.data),
  add: (input: ItemInput) =>
    api.post<Saved<Slide>>('/api/slider/', {
      title: input.title,
      details: input.text,
      titleEn: input.titleEn,
      detailsEn: input.textEn,
      image: input.image,
    }),
  update: (id: string, input: ItemInput) => {
    const { description, descriptionEn, ...rest } = editBody(input);
    return api.put<Saved<Slide>>(`/api/slider/${q(id)}`, { ...rest, details: description, detailsEn: descriptionEn });
  },
  remove: (id: string) => api.delete<{ message: string }>(`/api/slider/${q(id)}`),
  move: (direction: 'up' | 'down', id: string) => api.put<{ message: string }>(`/api/slider/${direction}/${q(id)}`),
};

export const about = {
  get: (language: Language, o?: RequestOptions) =>
    api.get<{ data: About }>(`/api/aboutus?language=${language}`, o).then((r) => r.data),
  save: (language: Language, text: AboutText, expectedUpdatedAt?: string) =>
    api.post<{ message: string; data?: About }>('/api/aboutus/', {
      ...text,
      language,
      ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
    }),
  phone: (o?: RequestOptions) => api.get<{ data: string }>('/api/auth/phone', o).then((r) => r.data),
  changePhone: (phoneNumber: string) =>
    api.put<{ message: string; data?: string }>('/api/auth/change-phone', { phoneNumber }),
};

export const words = {
  list: (o?: RequestOptions) => api.get<{ data: Word[] }>('/api/word/', o).then((r) => r.data),
  add: (word: string) => api.post<{ message: string; data: Word }>('/api/word/', { word }),
  remove: (id: string) => api.delete<{ message: string }>(`/api/word/${q(id)}`),
};

/** The admin home's launch checklist; not part of the original contract. */
export const checklist = {
  get: (o?: RequestOptions) => api.get<{ data: LaunchCheck[] }>('/api/checklist', o).then((r) => r.data),
  /** The ids of the slides, cards and detail items still showing demo content. */
  demo: (o?: RequestOptions) => api.get<{ data: string[] }>('/api/checklist/demo', o).then((r) => new Set(r.data)),
};

/** The admin home's System panel; not part of the original contract. */
export const system = {
  get: (o?: RequestOptions) => api.get<{ data: SystemFacts }>('/api/system', o).then((r) => r.data),
};

export const contact = {
  get: (o?: RequestOptions) => api.get<{ data: Contact }>('/api/contact', o).then((r) => r.data),
  save: (fields: ContactInput, expectedUpdatedAt: string) =>
    api.put<{ message: string; data: Contact }>('/api/contact', {
      ...fields,
      ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
    }),
};

/** A row of a Results list; a detail page's carries its card's title and kind (none when the card is gone). */
export interface Ranked {
  key: string;
  title?: string;
  cardType?: 'product' | 'portfolio';
  visitors: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacts: number;
  requests: number;
}
/** A city quote requests asked for: key as counted (its Arabic name, or 'other'), title in the admin's language. */
export interface LeadCity {
  key: string;
  title: string;
  requests: number;
}
export interface LeadTotals {
  visitors: number;
  views: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacts: number;
  contacted: number;
  contactsPer100: number;
  requests: number;
}
export interface LeadResults {
  from: string;
  to: string;
  totals: LeadTotals;
  previous: LeadTotals;
  daily: { day: string; visitors: number; contacts: number; requests: number }[];
  pages: Ranked[];
  sources: Ranked[];
  languages: Ranked[];
  devices: Ranked[];
  cities: LeadCity[];
  weeklyEmail: boolean;
  emailLanguage: 'ar' | 'en';
}

/** What the site brought (issue 24): the Results screen, the CSV and the weekly email's switch and language. */
export const leads = {
  results: (days: number, language: string, o?: RequestOptions) =>
    api.get<{ data: LeadResults }>(`/api/leads/results?days=${days}&language=${q(language)}`, o).then((r) => r.data),
  products: (o?: RequestOptions) =>
    api.get<{ data: Record<string, number> }>('/api/leads/products?days=30', o).then((r) => r.data),
  setWeeklyEmail: (weeklyEmail: boolean) =>
    api.put<{ message: string; data: { weeklyEmail: boolean } }>('/api/leads/options', { weeklyEmail }),
  setEmailLanguage: (language: 'ar' | 'en') =>
    api.put<{ message: string; data: { emailLanguage: string } }>('/api/leads/options', { language }),
  csvUrl: (from: string, to: string, language: string) =>
    `/api/leads.csv?from=${q(from)}&to=${q(to)}&language=${q(language)}`,
};

/** The search titles (not part of the original contract). */
/** Figures, guarantee, registration numbers and customer quotes (GET/PUT /api/proof). */
export const cities = {
  list: (o?: RequestOptions) => api.get<{ data: City[] }>('/api/cities', o).then((r) => r.data),
  add: (input: CityInput) => api.post<{ message: string; data: City }>('/api/cities', input),
  save: (id: string, input: CityInput) => api.put<{ message: string; data: City }>(`/api/cities/${q(id)}`, input),
  remove: (id: string) => api.delete<{ message: string }>(`/api/cities/${q(id)}`),
};

/** The questions and answers (GET/POST /api/faq, PUT /api/faq/order, PUT/DELETE /api/faq/{id}). */
export const faqs = {
  list: (o?: RequestOptions) => api.get<{ data: Faq[] }>('/api/faq', o).then((r) => r.data),
  add: (input: FaqInput) => api.post<{ message: string; data: Faq }>('/api/faq', input),
  save: (id: string, input: FaqInput) => api.put<{ message: string; data: Faq }>(`/api/faq/${q(id)}`, input),
  order: (ids: string[]) => api.put<{ message: string; data: Faq[] }>('/api/faq/order', { ids }),
  remove: (id: string) => api.delete<{ message: string }>(`/api/faq/${q(id)}`),
};

export const trustProof = {
  get: (o?: RequestOptions) => api.get<{ data: TrustProof }>('/api/proof', o).then((r) => r.data),
  save: (fields: ProofFields, expectedUpdatedAt: string) =>
    api.put<{ message: string; data: TrustProof }>('/api/proof', {
      ...fields,
      ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
    }),
};

export const seo = {
  get: (o?: RequestOptions) => api.get<{ data: Seo }>('/api/seo', o).then((r) => r.data),
  save: (fields: SeoFields, expectedUpdatedAt: string) =>
    api.put<{ message: string; data: Seo }>('/api/seo', {
      ...fields,
      ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}),
    }),
};

/** The owner's signed-in sessions and password (the Security screen); not part of the original contract. */
export const security = {
  sessions: (o?: RequestOptions) => api.get<{ data: SessionItem[] }>('/api/auth/sessions', o).then((r) => r.data),
  end: (id: string) => api.delete<{ message: string }>(`/api/auth/sessions/${q(id)}`),
  endOthers: () => api.delete<{ message: string }>('/api/auth/sessions'),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.put<{ message: string }>('/api/auth/password', { currentPassword, newPassword }),
};

/** A sign-in or reset that asks for a second factor (see POST /api/auth/login). */
export interface SecondStepInfo {
  ticket: string;
  methods: ('passkey' | 'totp' | 'recovery')[];
}
export type LoginAnswer = { token: string; message: string } | { message: string; secondStep: SecondStepInfo };
export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}
export interface FactorsView {
  passkeys: PasskeyItem[];
  totp: boolean;
  recoveryCodesLeft: number;
}
/** The password and a code, sent with a change when the session has no live re-check (empty when it has). */
export type Proof = { currentPassword?: string; code?: string };
export type PendingChangeKind =
  | 'passkey-added'
  | 'passkey-removed'
  | 'totp-added'
  | 'totp-removed'
  | 'recovery-codes-replaced'
  | 'sessions-ended'
  | 'password-changed'
  | 'email-changed';
export interface PendingChange {
  id: string;
  kind: PendingChangeKind;
  detail: { name?: string; email?: string };
  createdAt: string;
  expiresAt: string;
  canConfirm: boolean;
}
export interface MailState {
  configured: boolean;
  ok: boolean | null;
  at: string | null;
  answer: string;
}

/** The re-check, the changes awaiting confirmation, the account's email and email set-up (issues 30 and 31). */
export const guard = {
  state: (o?: RequestOptions) =>
    api
      .get<{ data: { until: string | null; methods: ('passkey' | 'totp' | 'recovery')[] } }>('/api/auth/recheck', o)
      .then((r) => r.data),
  recheck: (body: { password: string; code?: string; passkey?: unknown }) =>
    api.post<{ message: string; data: { until: string } }>('/api/auth/recheck', body),
  passkeyOptions: () => api.post<{ data: unknown }>('/api/auth/recheck/passkey-options').then((r) => r.data),
  changes: (o?: RequestOptions) =>
    api.get<{ data: PendingChange[] }>('/api/auth/account-changes', o).then((r) => r.data),
  confirmChange: (id: string) => api.post<{ message: string }>(`/api/auth/account-changes/${q(id)}/confirm`),
  undo: (token: string) => api.post<{ message: string }>('/api/auth/undo', { token }, { quiet401: true }),
  mail: (o?: RequestOptions) => api.get<{ data: MailState }>('/api/mail/status', o).then((r) => r.data),
  testMail: () => api.post<{ message: string; data: MailState }>('/api/mail/test'),
  startEmailChange: (newEmail: string) => api.post<{ message: string }>('/api/auth/email', { newEmail }),
  confirmEmailChange: (code: string) => api.post<{ message: string }>('/api/auth/email/confirm', { code }),
  emailStatus: (signal?: AbortSignal) =>
    api
      .get<{ data: { configured: boolean } }>('/api/auth/email-status', {
        quiet401: true,
        ...(signal ? { signal } : {}),
      })
      .then((r) => r.data),
  admission: (email: string) => api.post<{ message: string }>('/api/auth/admission', { email }, { quiet401: true }),
  admit: (email: string, code: string) =>
    api.post<{ message: string }>('/api/auth/admission/verify', { email, code }, { quiet401: true }),
};

/** Second factors: passkeys, the authenticator app, recovery codes, and the second step of a sign-in. */
export const factors = {
  login: (email: string, password: string) =>
    api.post<LoginAnswer>('/api/auth/login', { email, password }, { quiet401: true }),
  secondStep: (ticket: string, code: string) =>
    api.post<{ message: string; token?: string }>('/api/auth/second-step', { ticket, code }, { quiet401: true }),
  passkeySignInOptions: (ticket?: string) =>
    api
      .post<{ data: unknown }>('/api/auth/passkey/options', ticket ? { ticket } : {}, { quiet401: true })
      .then((r) => r.data),
  passkeySignIn: (response: unknown, ticket?: string) =>
    api.post<{ message: string; token?: string }>(
      '/api/auth/passkey/sign-in',
      { response, ...(ticket ? { ticket } : {}) },
      { quiet401: true },
    ),
  list: (o?: RequestOptions) => api.get<{ data: FactorsView }>('/api/auth/factors', o).then((r) => r.data),
  passkeyOptions: () => api.post<{ data: unknown }>('/api/auth/passkeys/options').then((r) => r.data),
  addPasskey: (name: string, response: unknown) =>
    api.post<{ message: string; data: { passkey: PasskeyItem; recoveryCodes?: string[] } }>('/api/auth/passkeys', {
      name,
      response,
    }),
  renamePasskey: (id: string, name: string) =>
    api.request<{ message: string }>('PATCH', `/api/auth/passkeys/${q(id)}`, { name }),
  removePasskey: (id: string, proof: Proof) =>
    api.request<{ message: string }>('DELETE', `/api/auth/passkeys/${q(id)}`, proof),
  totpSetup: () =>
    api.post<{ data: { secret: string; uri: string; qrSvg: string } }>('/api/auth/totp/setup').then((r) => r.data),
  totpConfirm: (code: string) =>
    api.post<{ message: string; data: { recoveryCodes?: string[] } }>('/api/auth/totp', { code }),
  removeTotp: (proof: Proof) => api.request<{ message: string }>('DELETE', '/api/auth/totp', proof),
  newRecoveryCodes: (proof: Proof) =>
    api.post<{ message: string; data: { recoveryCodes?: string[] } }>('/api/auth/recovery-codes', proof),
};

/** The trash and the history (issue 26); beyond the original contract. */
export type ListedChange = HistoryEntry & { current: string | null; cardType?: 'product' | 'portfolio' | null };
interface Restored {
  message: string;
  data: { historyId: string | null };
}
export const trash = {
  list: (o?: RequestOptions) => api.get<{ data: TrashItem[] }>('/api/trash', o).then((r) => r.data),
  restore: (id: string) => api.post<Restored>(`/api/trash/${q(id)}/restore`, {}),
  purge: (id: string) => api.delete<{ message: string }>(`/api/trash/${q(id)}`),
};
export const history = {
  list: (item?: string, o?: RequestOptions) =>
    api.get<{ data: ListedChange[] }>(`/api/history${item ? `?item=${q(item)}` : ''}`, o).then((r) => r.data),
  restore: (id: string, expectedUpdatedAt: string | null) =>
    api.post<Restored>(`/api/history/${q(id)}/restore`, expectedUpdatedAt ? { expectedUpdatedAt } : {}),
};

/** A stored image's size and focal point (the photo picker); not part of the original contract. */
export interface ImageFacts {
  image: string;
  imageUrl: string;
  width: number;
  height: number;
  focus: Focus;
}
export const images = {
  get: (name: string, o?: RequestOptions) =>
    api.get<{ data: ImageFacts }>(`/api/images/${q(name)}`, o).then((r) => r.data),
  setFocus: (name: string, focus: Focus) =>
    api.put<{ message: string; data: ImageFacts }>(`/api/images/${q(name)}/focus`, focus),
};

/** Quote requests from the public form (issue 35); beyond the original contract. */
export type RequestStatus = 'new' | 'contacted' | 'done' | 'spam';
export interface QuoteRequest {
  id: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  phone: string;
  city: string;
  building: string;
  problem: string;
  preferredTime: string;
  product: string;
  productTitle: string;
  lang: Language;
  page: string;
  source: string;
  device: string;
  photoCount: number;
  status: RequestStatus;
  notes: string;
  held: boolean;
  unchallenged: boolean;
  mailState: 'pending' | 'sent' | 'held';
  greeting: string;
}
export const requests = {
  list: (query: string, o?: RequestOptions) =>
    api.get<{ data: QuoteRequest[]; newCount: number }>(`/api/requests${query ? `?q=${q(query)}` : ''}`, o),
  update: (id: string, change: { status?: RequestStatus; notes?: string }) =>
    api.put<Saved<QuoteRequest>>(`/api/requests/${q(id)}`, change),
  remove: (id: string) => api.delete<{ message: string }>(`/api/requests/${q(id)}`),
  photoUrl: (id: string, n: number) => `/api/requests/${q(id)}/photos/${n}`,
  csvUrl: (query: string) => `/api/requests.csv${query ? `?q=${q(query)}` : ''}`,
};
