import { request as httpRequest } from 'node:http';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A tiny fetch wrapper with a cookie jar, so tests talk to the server over real HTTP as a browser would. */
export class HttpClient {
  readonly base: string;
  private cookies = new Map<string, string>();
  /** Extra headers sent with every request (e.g. Origin). */
  headers: Record<string, string> = {};

  constructor(base: string) {
    this.base = base;
  }

  /** The value of one cookie the client holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Puts a cookie in the jar as a browser holding a copy of it would. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...this.headers, ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size > 0) h.cookie = this.cookieHeader;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(this.base + path, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const key = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

/**
 * A JSON POST sent from the loopback address `from` (127.0.0.2, 127.0.0.3, …): a visitor elsewhere,
 * or a proxy passing on `headers` (X-Forwarded-For). Answers the status.
 */
export function postFrom(
  url: string,
  from: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      new URL(path, url),
      {
        method: 'POST',
        localAddress: from,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
