// The sync engine's HTTP calls: bearer token in, errors sorted into what the status shows.

export class AuthError extends Error {}
export class OfflineError extends Error {}
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type HttpClient = {
  request(path: string, init?: RequestInit): Promise<Response>;
};

export function createHttpClient(options: {
  baseUrl: string;
  getToken: () => string | null;
  fetch: typeof fetch;
}): HttpClient {
  return {
    async request(path, init = {}) {
      const token = options.getToken();
      if (!token) throw new AuthError('Sign in to sync');
      let response: Response;
      try {
        response = await options.fetch(`${options.baseUrl}${path}`, {
          ...init,
          cache: 'no-store',
          headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
        });
      } catch (error) {
        throw new OfflineError(error instanceof Error ? error.message : 'The network is unavailable');
      }
      if (response.status === 401) {
        await response.body?.cancel();
        throw new AuthError('Sign in to sync');
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new ServerError(response.status, body?.error ?? `The server answered ${response.status}`);
      }
      return response;
    },
  };
}
