import type { Language } from '../../shared/language.ts';
import type { Generated } from 'kysely';

/** Table types. Timestamps are ISO-8601 strings in UTC on both engines. Booleans are 0/1 integers. */
interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

interface SessionsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** The id the owner's Security screen names the session by (UUIDv7); the digest above never leaves the server. */
  public_id: string;
  /** The browser's User-Agent at sign-in, cut to USER_AGENT_MAX characters ('' when none was sent). */
  user_agent: string;
  /** When the session was last used, at most SEEN_EVERY_MS stale (set at sign-in). */
  last_seen_at: string;
}

interface PasswordResetsTable {
  id: string;
  user_id: string;
  otp_hash: string;
  attempts: number;
  expires_at: string;
  last_sent_at: string;
  /** Set once the OTP is verified: SHA-256 of the one-time reset token. */
  reset_token_hash: string | null;
  reset_token_expires_at: string | null;
  used_at: string | null;
  created_at: string;
  /** Set when the owner passed a second factor for this reset: with a factor on, no password is set before. */
  factor_checked_at: string | null;
}

interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen (bigint: a string from PostgreSQL's driver). */
  counter: number | string;
  /** JSON list of the authenticator's transports, as the browser reported them. */
  transports: string;
  /** 1 when the passkey is synced (backed up) by its provider. */
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

interface TotpFactorsTable {
  user_id: string;
  /** Base32, as authenticator apps take it. */
  secret: string;
  confirmed_at: string | null;
  last_step: number | string | null;
  created_at: string;
}

interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the code as typed without separators, upper case. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A passkey challenge whose answer has verified (the digest of purpose and challenge), kept until it expires: each is good once. */
interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in' | 'recheck';
  user_id: string | null;
  expires_at: string;
}

/** A change to how the owner signs in, undoable from the emailed link until confirmed (auth/account-changes.ts). */
interface AccountChangesTable {
  id: string;
  user_id: string;
  kind: string;
  detail: string;
  undo: string;
  undo_token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  undone_at: string | null;
}

/** One nightly backup run (014; features/backup/backup-runs.ts). */
export interface BackupRunsTable {
  id: string;
  started_at: string;
  finished_at: string;
  file: string;
  bytes: number;
  rows: number;
  sha256: string;
  restore_check: 'passed' | 'failed' | 'not-run';
  status: 'ok' | 'failed';
  problem: string;
}

interface SignInStepsTable {
  /** SHA-256 of the ticket. */
  id: string;
  user_id: string;
  purpose: 'sign-in' | 'reset';
  reset_id: string | null;
  user_agent: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

export interface CardsTable {
  id: string;
  type: 'product' | 'portfolio';
  title: string;
  description: string;
  /** English text; '' = not written yet (readers fall back to the Arabic). */
  title_en: Generated<string>;
  description_en: Generated<string>;
  image: string;
  is_detailed: number;
  created_at: string;
  updated_at: string;
  /** A portfolio entry's city (cities.id); null = none named. */
  city_id: Generated<string | null>;
  /** The item's address in Arabic, /products/<slug> or /portfolio/<slug> (decision 035). */
  slug_ar: Generated<string>;
  /** Its address in English; '' while it has no English title (the Arabic slug serves). */
  slug_en: Generated<string>;
}

/** An address a card had before the owner changed it: answered with a permanent redirect. */
interface CardSlugsTable {
  slug: string;
  card_id: string;
  created_at: string;
}

/** A served city with a page of its own (/cities/<slug>); booleans 0/1. */
export interface CitiesTable {
  id: string;
  /** ASCII, lower case, unique: the page's address. */
  slug: string;
  name_ar: string;
  name_en: Generated<string>;
  intro_ar: Generated<string>;
  intro_en: Generated<string>;
  /** The areas served, one per line. */
  areas_ar: Generated<string>;
  areas_en: Generated<string>;
  /** The city's own numbers in international form; '' = the site's. */
  phone: Generated<string>;
  whatsapp: Generated<string>;
  enabled: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A question and its answer (decision 036): general, or tied to a city or a product; booleans 0/1. */
export interface FaqsTable {
  id: string;
  question_ar: string;
  answer_ar: string;
  /** '' = not written (the English pages show the Arabic). */
  question_en: Generated<string>;
  answer_en: Generated<string>;
  /** Shown on this city's page (cities.id) or this product's page (cards.id); both null = general (/faq). */
  city_id: string | null;
  card_id: string | null;
  enabled: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CardDetailsTable {
  id: string;
  card_id: string;
  title: string;
  description: string;
  title_en: Generated<string>;
  description_en: Generated<string>;
  image: string;
  created_at: string;
  updated_at: string;
}

interface AboutTable {
  language: Language;
  title: string;
  description: string;
  title2: string;
  description2: string;
  title3: string;
  description3: string;
  updated_at: string;
}

export interface SlidesTable {
  id: string;
  title: string;
  details: string;
  title_en: Generated<string>;
  details_en: Generated<string>;
  image: string;
  position: number;
  created_at: string;
  updated_at: string;
}

interface WordsTable {
  id: string;
  word: string;
  /** Lower-cased word, unique: keywords are unique regardless of case. */
  word_key: string;
  created_at: string;
}

interface SettingsTable {
  key: string;
  value: string;
}

interface ImagesTable {
  name: string;
  width: number;
  height: number;
  /** JSON array of the widths of the stored WebP variants. */
  variants: string;
  created_at: string;
  /** The focal point every crop keeps in view, 0..1 across and down (0.5 = the centre). */
  focus_x: Generated<number>;
  focus_y: Generated<number>;
}

/** The bytes of each served file of an image: the re-encoded original and its resized variants. */
interface ImageFilesTable {
  /** The served file name: `NAME.webp` for the original, `NAME-WIDTH.webp` for a variant. */
  name: string;
  /** The image (images.name) the file belongs to; deleting the image deletes its files. */
  image: string;
  width: number;
  bytes: Uint8Array;
}

interface RateLimitsTable {
  /** Digest of the limit's scope and key (which may name an email or an address). */
  key: string;
  hits: number;
  resets_at: string;
}

/** The reset state of an email that belongs to no account, so its answers match the admin's. */
interface ResetDecoysTable {
  email_hash: string;
  sent_at: string;
  expires_at: string;
  attempts: number;
}

/** One row per periodic job: the server that set started_at last runs it (a lease). */
interface JobsTable {
  name: string;
  started_at: string;
  owner: string;
  runs: number;
}

/** A deleted item waiting to be restored or deleted forever; `id` is the item's own id. */
interface TrashTable {
  id: string;
  kind: string;
  /** What the Trash screen names it by: the Arabic title (or the keyword). */
  title: string;
  /** The item's own image ('' for a keyword): the Trash screen's thumbnail. */
  image: Generated<string>;
  /** JSON: the item's rows as they were (a card with its detail items). */
  snapshot: string;
  deleted_by: string;
  deleted_at: string;
}

/** One change to content: the version it replaced and the one it made (JSON; null = absent). */
interface HistoryTable {
  id: string;
  kind: string;
  /** The item's id; the language for the about texts; 'contact' or 'phone' for those settings. */
  item_id: string;
  title: string;
  /** JSON array of the names of the fields that changed. */
  fields: string;
  before: string | null;
  after: string | null;
  changed_by: string;
  created_at: string;
}

/** Anonymous counts per day (YYYY-MM-DD, business time zone), page, language, device and source. */
export interface LeadCountsTable {
  day: string;
  page: string;
  language: string;
  device: string;
  source: string;
  views: number;
  visitors: number;
  calls: number;
  whatsapp: number;
  emails: number;
  /** Visitors who saw this row's page: each counted in the row of their first view of it that day. */
  page_visitors: number;
  /** Visitors who got in touch: each counted in the row of their first tap that day. */
  contacted: number;
  /** Quote requests sent (migration 015), counted as they are stored. */
  requests: number;
}

/** lead_counts added up per day and one of its columns (dim), kept as batches are written. */
export interface LeadTotalsTable {
  /** 'day' (key ''), 'page', 'source', 'language', 'device' or 'city' (requests only, key: the city in Arabic or 'other'). */
  dim: string;
  day: string;
  key: string;
  views: number;
  /** Under 'page', the visitors who saw the page (page_visitors); elsewhere the visitors. */
  visitors: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacted: number;
  requests: number;
}

/** A quote request from the public form (migration 013); the owner's email about it is kept on the row. */
interface RequestsTable {
  id: string;
  reference: string;
  created_at: string;
  updated_at: string;
  name: string;
  phone: string;
  city: string;
  building: string;
  problem: string;
  preferred_time: string;
  product: string;
  product_title: string;
  lang: string;
  page: string;
  source: string;
  device: string;
  photo_count: number;
  status: Generated<string>;
  notes: Generated<string>;
  held: number;
  unchallenged: number;
  mail_state: string;
  mail_attempts: Generated<number>;
  mail_next_at: string;
  mail_error: Generated<string>;
  /** Set when the owner deleted it (migration 016): in the Trash until restored or deleted forever. */
  deleted_at: string | null;
  deleted_by: Generated<string>;
}

/** A change the owner made to a request's status or notes (migration 016): the versions as JSON. */
interface RequestChangesTable {
  id: string;
  request_id: string;
  changed_at: string;
  changed_by: string;
  before: string;
  after: string;
}

/** A request's photo, re-encoded (WebP, no metadata); served only to the signed-in owner. */
interface RequestPhotosTable {
  request_id: string;
  position: number;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  cards: CardsTable;
  cities: CitiesTable;
  card_slugs: CardSlugsTable;
  faqs: FaqsTable;
  card_details: CardDetailsTable;
  about: AboutTable;
  slides: SlidesTable;
  words: WordsTable;
  settings: SettingsTable;
  images: ImagesTable;
  image_files: ImageFilesTable;
  /** Rows used only as write locks that serialise whole-table operations (slide order). */
  locks: { name: string; version: Generated<number> };
  /** One row (id 1); triggers bump it in every transaction that writes content. */
  content_version: { id: number; version: number };
  rate_limits: RateLimitsTable;
  reset_decoys: ResetDecoysTable;
  jobs: JobsTable;
  passkeys: PasskeysTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
  sign_in_steps: SignInStepsTable;
  account_changes: AccountChangesTable;
  backup_runs: BackupRunsTable;
  trash: TrashTable;
  history: HistoryTable;
  /** Images a trash or history row names (owner: `trash:ID` or `history:ID`): kept while named. */
  kept_images: { owner: string; image: string };
  lead_counts: LeadCountsTable;
  lead_salts: { day: string; salt: string };
  /** Today's visitors: whether each counts (a few per address) and the source they arrived from. */
  lead_visitors: { day: string; hash: string; counted: Generated<number>; source: Generated<string> };
  lead_options: { id: number; weekly_email: number; language: string };
  lead_totals: LeadTotalsTable;
  /** What happened once a day (a page seen, a tap, a source admitted), so it is not counted twice. */
  lead_marks: { day: string; mark: string };
  /** Per-day counters every server adds to: visitors per address, sources admitted. */
  lead_caps: { day: string; key: string; n: number };
  /** One row: the secret of the pages' beacon tokens. */
  lead_keys: { id: number; secret: string };
  requests: RequestsTable;
  request_photos: RequestPhotosTable;
  request_changes: RequestChangesTable;
}
