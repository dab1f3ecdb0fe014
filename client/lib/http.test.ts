import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiJson, AuthError, createHttpClient, OFFLINE_MESSAGE, OfflineError, ServerError, UNEXPECTED_ANSWER_MESSAGE } from './http.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('apiJson: the screens’ calls', () => {
  test('a refusal carries the server’s {error} and its status, in the one error family', async () => {
    vi.stubGlobal('fetch', async () => json(409, { error: 'Taken' }));
    const error = await apiJson('/api/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Taken', status: 409, network: false });
  });

  test('401 is an AuthError, no answer at all an OfflineError with the offline message', async () => {
    vi.stubGlobal('fetch', async () => json(401, {}));
    await expect(apiJson('/api/x')).rejects.toMatchObject({ name: 'AuthError', status: 401, message: '' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiJson('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toMatchObject({ message: OFFLINE_MESSAGE, network: true, status: 0 });
  });

  test('an answer is parsed with its shared schema; another shape is an error with a message', async () => {
    const schema = z.object({ token: z.string() });
    vi.stubGlobal('fetch', async () => json(200, { token: 't', extra: 1 }));
    await expect(apiJson('/api/x', { schema })).resolves.toEqual({ token: 't' });
    vi.stubGlobal('fetch', async () => json(200, { token: 5 }));
    await expect(apiJson('/api/x', { schema })).rejects.toMatchObject({ name: 'ServerError', message: UNEXPECTED_ANSWER_MESSAGE });
  });
});

describe('createHttpClient: the sync engine’s calls', () => {
  test('sorts failures into the same family', async () => {
    let answer: () => Response = () => json(500, { error: 'Boom' });
    const client = createHttpClient({ baseUrl: 'http://sync.test', getToken: () => 'tok', fetch: async () => answer() });
    await expect(client.request('/a')).rejects.toMatchObject({ name: 'ServerError', status: 500, message: 'Boom' });
    answer = () => json(401, {});
    await expect(client.request('/a')).rejects.toBeInstanceOf(AuthError);
    answer = () => {
      throw new TypeError('down');
    };
    await expect(client.request('/a')).rejects.toBeInstanceOf(OfflineError);
  });

  test('no token means no request: sign in to sync', async () => {
    const fetchImpl = vi.fn(async () => json(200, {}));
    const client = createHttpClient({ baseUrl: '', getToken: () => null, fetch: fetchImpl });
    await expect(client.request('/a')).rejects.toMatchObject({ name: 'AuthError', message: 'Sign in to sync' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
