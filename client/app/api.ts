// A thin fetch wrapper for the REST calls of spec section 7. Every failure becomes an
// ApiError whose message is the server's {error} (or '' when the body had none, which the
// spec says shows nothing), so screens decide what to show.

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

export const OFFLINE_MESSAGE = 'You seem to be offline. Please check your connection and try again.';

type RequestOptions = { method?: string; body?: unknown; token?: string | null; signal?: AbortSignal };

export async function apiJson<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(OFFLINE_MESSAGE, 0, true);
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
    throw new ApiError(message, response.status);
  }
  return data as T;
}

/** The message an auth screen shows for a failed call ('' means show nothing). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : '';
}
