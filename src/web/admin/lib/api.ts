/**
 * The admin's only way to the JSON API: same origin, cookies included, JSON in and out.
 * Every failure becomes an ApiError carrying the server's `{message}` (or the catalogue's fallback).
 */
import { FALLBACK_ERROR } from './messages.ts';

/** A refused field of a 400: its API name (`email`, `hours.fri.0.to`) and the server's sentence about it. */
export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** True when the server said something; false for network failures and bodies without a message. */
  readonly fromServer: boolean;
  /** Every field the server refused (a 400 lists them all at once); empty when it named none. */
  readonly fields: readonly FieldError[];
  constructor(status: number, message: string | undefined, fields: readonly FieldError[] = []) {
    super(message || FALLBACK_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = Boolean(message);
    this.fields = fields;
  }
}

const fieldErrorsIn = (body: unknown): FieldError[] => {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string');
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
    throw new ApiError(0, undefined);
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
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new ApiError(res.status, typeof message === 'string' ? message : undefined, fieldErrorsIn(parsed));
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

/** The text a failure toast shows: the server's message, or 'Error occurred'. */
export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : FALLBACK_ERROR;
}

export const isAbort = (err: unknown): boolean => (err as Error | undefined)?.name === 'AbortError';
