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

interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  user_id: string | null;
  expires_at: string;
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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  cards: CardsTable;
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
  trash: TrashTable;
  history: HistoryTable;
  /** Images a trash or history row names (owner: `trash:ID` or `history:ID`): kept while named. */
  kept_images: { owner: string; image: string };
  lead_counts: LeadCountsTable;
  lead_salts: { day: string; salt: string };
  lead_visitors: { day: string; hash: string };
  lead_options: { id: number; weekly_email: number; language: string };
}
