/**
 * The admin's only way to the JSON API: same origin, cookies included, JSON in and out.
 * Every failure becomes an ApiError carrying the server's `{ message, code, params }` (or the
 * catalogue's fallback): the admin says it by its code (i18n/server-messages.ts, decision 037).
 */
import type { ErrorParamValues } from '../../../shared/error-codes.ts';
import type { Said } from '../i18n/server-messages.ts';
import { FALLBACK_ERROR } from './messages.ts';

/** A refused field of a 400: its API name (`email`, `hours.fri.0.to`), the code of the refusal and its values. */
export interface FieldError {
  field: string;
  message: string;
  code?: string | undefined;
  params?: ErrorParamValues | undefined;
}

/** The values of an answer's `params`, when it is an object (anything else is ignored). */
const paramsIn = (value: unknown): ErrorParamValues | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as ErrorParamValues) : undefined;

export class ApiError extends Error {
  readonly status: number;
  /** The catalogue's code of the refusal (src/shared/error-codes.ts); undefined for network failures. */
  readonly code: string | undefined;
  readonly params: ErrorParamValues | undefined;
  /** Every field the server refused (a 400 lists them all at once); empty when it named none. */
  readonly fields: readonly FieldError[];
  constructor(
    status: number,
    body?: { message?: unknown; code?: unknown; params?: unknown },
    fields: readonly FieldError[] = [],
  ) {
    super(typeof body?.message === 'string' && body.message ? body.message : FALLBACK_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : undefined;
    this.params = paramsIn(body?.params);
    this.fields = fields;
  }
}

const fieldErrorsIn = (body: unknown): FieldError[] => {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e) => typeof e?.field === 'string' && typeof e?.message === 'string')
    .map((e: { field: string; message: string; code?: unknown; params?: unknown }) => ({
      field: e.field,
      message: e.message,
      code: typeof e.code === 'string' ? e.code : undefined,
      params: paramsIn(e.params),
    }));
};

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The admin layout listens here so an expired session anywhere sends the owner back to sign in. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Do not broadcast a 401 (sign-in screens expect 401 as an ordinary answer). */
  quiet401?: boolean;
}

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal ?? null };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    if (res.status === 401 && !options.quiet401) unauthorizedListeners.forEach((l) => l());
    const body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    throw new ApiError(res.status, body, fieldErrorsIn(parsed));
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** Any method, with a body (a DELETE that asks for the password again, a PATCH). */
  request: <T>(method: string, path: string, body?: unknown, options?: RequestOptions) =>
    request<T>(method, path, body, options),
};

/** What a failure toast says: the server's refusal (said by its code), or 'Error occurred'. */
export function errorText(err: unknown): Said {
  return err instanceof ApiError ? err : FALLBACK_ERROR;
}

/** The field a 400 names first (its refused fields, or the value its sentence names), else ''. */
export const refusedField = (err: ApiError): string =>
  err.status !== 400 ? '' : (err.fields[0]?.field ?? (typeof err.params?.field === 'string' ? err.params.field : ''));

export const isAbort = (err: unknown): boolean => (err as Error | undefined)?.name === 'AbortError';
