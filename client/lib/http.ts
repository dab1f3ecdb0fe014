import type { z } from 'zod';

// The one fetch core for every call to our server: the screens' REST calls (apiJson, spec
// section 7) and the sync engine's (createHttpClient). Every failure becomes one error family:
// an ApiError whose message is the server's {error} ('' when the body had none, which the spec
// says shows nothing), so screens and the sync status decide what to show.

export const OFFLINE_MESSAGE = 'You seem to be offline. Please check your connection and try again.';
/** A 2xx answer that does not match the shared schema (a server of another version). */
export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer this app does not understand. Please reload the page.';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** True when no response arrived at all (offline, DNS, server down). */
    readonly network = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No response arrived at all. */
export class OfflineError extends ApiError {
  constructor(message = OFFLINE_MESSAGE) {
    super(message, 0, true);
    this.name = 'OfflineError';
  }
}

/** 401, or no token to send: the session is over on the server. */
export class AuthError extends ApiError {
  constructor(message: string) {
    super(message, 401);
    this.name = 'AuthError';
  }
}

/** Any other answer outside 2xx. */
export class ServerError extends ApiError {
  constructor(message: string, status: number) {
    super(message, status);
    this.name = 'ServerError';
  }
}

/**
 * 403 with `household: "left"`: this session's person left the household or was removed from
 * it (issue 13). The device must drop that household's local data (decision 017).
 */
export class HouseholdLeftError extends ServerError {
  constructor(message: string) {
    super(message || 'You are no longer a member of this household.', 403);
    this.name = 'HouseholdLeftError';
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Sends one request; a failure to get any answer becomes an OfflineError (an abort stays an abort). */
async function send(fetchImpl: typeof fetch, url: string, init: RequestInit, offlineMessage?: string): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new OfflineError(offlineMessage ?? (error instanceof Error ? error.message : undefined));
  }
}

function errorFor(status: number, message: string, data: unknown): ApiError {
  if (status === 403 && data && typeof data === 'object' && 'household' in data && data.household === 'left') {
    return new HouseholdLeftError(message);
  }
  return status === 401 ? new AuthError(message) : new ServerError(message, status);
}

function serverMessage(data: unknown): string | null {
  return data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : null;
}

type RequestOptions = { method?: string; body?: unknown; token?: string | null; signal?: AbortSignal };

/**
 * A JSON call from a screen (cookies included, token optional). With `schema` (the shared zod
 * schema of the answer) the answer is parsed, and one of another shape is an error.
 */
export async function apiJson<T>(path: string, options: RequestOptions & { schema: z.ZodType<T> }): Promise<T>;
export async function apiJson(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiJson(path: string, options: RequestOptions & { schema?: z.ZodType<unknown> } = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  // The language the app shows (i18n keeps <html lang> on it): an email a call causes (a reset
  // link, an invite to an address with no account) is written in it (decision 050).
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['Accept-Language'] = language;
  const response = await send(
    fetch,
    path,
    {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    },
    OFFLINE_MESSAGE,
  );
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) throw errorFor(response.status, serverMessage(data) ?? '', data);
  if (!options.schema) return data;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ServerError(UNEXPECTED_ANSWER_MESSAGE, response.status);
  return parsed.data;
}

/**
 * A call whose answer is parsed with a schema loaded only now (zod stays out of the first
 * page, issue 16). The call goes first: offline it fails as a network error (`ApiError` with
 * `network`), never as a module that could not load, and an answer proves the server (and so
 * the schema's chunk) reachable.
 */
export async function apiJsonParsedLater<T>(path: string, options: RequestOptions, loadSchema: () => Promise<z.ZodType<T>>): Promise<T> {
  const data = await apiJson(path, options);
  const parsed = (await loadSchema()).safeParse(data);
  if (!parsed.success) throw new ServerError(UNEXPECTED_ANSWER_MESSAGE, 200);
  return parsed.data;
}


export type HttpClient = {
  request(path: string, init?: RequestInit): Promise<Response>;
};

/** The sync engine's client: a bearer token on every call, no HTTP cache, errors sorted as above. */
export function createHttpClient(options: { baseUrl: string; getToken: () => string | null; fetch: typeof fetch }): HttpClient {
  return {
    async request(path, init = {}) {
      const token = options.getToken();
      if (!token) throw new AuthError('Sign in to sync');
      const response = await send(
        options.fetch,
        `${options.baseUrl}${path}`,
        {
          ...init,
          cache: 'no-store',
          headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
        },
        undefined,
      );
      if (response.status === 401) {
        await response.body?.cancel();
        throw new AuthError('Sign in to sync');
      }
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw errorFor(response.status, serverMessage(body) ?? `The server answered ${response.status}`, body);
      }
      return response;
    },
  };
}
