import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../testing/fetch-mock';
import {
  ApiRequestError,
  createApiClient,
  failureMessage,
  fieldErrors,
  toQueryString,
  type ApiClientOptions,
} from './api-client';

function setup(overrides: Partial<ApiClientOptions> = {}) {
  let token: string | null = 'old-token';
  const options = {
    baseUrl: '/api/v1',
    timeoutMs: 30_000,
    getAccessToken: () => token,
    onTokenRefreshed: vi.fn((fresh: string) => {
      token = fresh;
    }),
    onSessionExpired: vi.fn(() => {
      token = null;
    }),
    onAccountSuspended: vi.fn(),
    ...overrides,
  };
  return {
    client: createApiClient(options),
    options,
    setToken: (value: string | null) => {
      token = value;
    },
  };
}

const caught = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends JSON with the bearer token under /api/v1, same-origin credentials', async () => {
    const api = mockApi({ 'POST /auth/change-password': () => json(200, { success: true }) });
    const { client } = setup();

    await expect(client.post('/auth/change-password', { a: 1 })).resolves.toEqual({
      success: true,
    });

    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/change-password');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer old-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends an Idempotency-Key when asked, the same one on the retry after a refresh', async () => {
    let calls = 0;
    const api = mockApi({
      'POST /users/withdrawals/savings': () =>
        ++calls === 1 ? apiError(401, 'Token expired') : json(200, { success: true }),
      'POST /auth/refresh': () => json(200, { success: true, data: { accessToken: 'new-token' } }),
    });
    const { client } = setup();

    await client.post('/users/withdrawals/savings', { amount: 1 }, { idempotencyKey: 'k-123' });

    const keys = api
      .callsTo('POST /users/withdrawals/savings')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toEqual(['k-123', 'k-123']);
  });

  it('sends no Authorization header without a token and no Content-Type without a body', async () => {
    const api = mockApi({ 'GET /config': () => json(200, { success: true, data: {} }) });
    const { client, setToken } = setup();
    setToken(null);

    await client.get('/config');

    const headers = new Headers(api.fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('leaves empty, null and "all" status parameters out of list queries', () => {
    expect(
      toQueryString({
        page: 1,
        limit: 10,
        search: '  ada  ',
        blank: '   ',
        missing: undefined,
        nothing: null,
        status: 'all',
        read: false,
      }),
    ).toBe('?page=1&limit=10&search=ada&read=false');
    expect(toQueryString({ status: 'pending' })).toBe('?status=pending');
    expect(toQueryString({ missing: undefined })).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });

  it('passes list parameters in the URL', async () => {
    const api = mockApi({ 'GET /users/notifications': () => json(200, { success: true }) });
    const { client } = setup();

    await client.get('/users/notifications', { params: { page: 2, limit: 10, status: 'all' } });

    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/users/notifications?page=2&limit=10');
  });
});

describe('token refresh on 401', () => {
  it('refreshes once for every call that failed at the same time, then retries each once', async () => {
    let refreshes = 0;
    const api = mockApi({
      'GET /a': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-token'
          ? json(200, { success: true, data: 'a' })
          : apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'GET /b': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-token'
          ? json(200, { success: true, data: 'b' })
          : apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'GET /c': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-token'
          ? json(200, { success: true, data: 'c' })
          : apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'POST /auth/refresh': async () => {
        refreshes += 1;
        // Slow enough that all three 401s arrive while it runs.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { success: true, data: { accessToken: 'new-token' } });
      },
    });
    const { client, options } = setup();

    const results = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);

    expect(results).toEqual([
      { success: true, data: 'a' },
      { success: true, data: 'b' },
      { success: true, data: 'c' },
    ]);
    expect(refreshes).toBe(1);
    expect(options.onTokenRefreshed).toHaveBeenCalledExactlyOnceWith('new-token');
    expect(api.callsTo('GET /a')).toHaveLength(2);
    expect(api.callsTo('GET /b')).toHaveLength(2);
    expect(api.callsTo('GET /c')).toHaveLength(2);
    // The refresh token travels in the httpOnly cookie, not in a header or body.
    const refresh = api.callsTo('POST /auth/refresh')[0];
    expect(refresh?.headers.has('Authorization')).toBe(false);
    expect(refresh?.body).toBeUndefined();
  });

  it('retries with a token another call renewed meanwhile, without refreshing again', async () => {
    const api = mockApi({
      'GET /late': ({ headers }) =>
        headers.get('Authorization') === 'Bearer renewed'
          ? json(200, { success: true })
          : apiError(401, 'Token expired'),
    });
    const { client, setToken } = setup();
    api.fetchMock.mockImplementationOnce(async () => {
      // While this call was on the wire, another one refreshed the token.
      setToken('renewed');
      return apiError(401, 'Token expired');
    });

    await expect(client.get('/late')).resolves.toEqual({ success: true });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
  });

  it('refreshes under the cross-tab lock and uses the token another tab stored while it waited', async () => {
    const api = mockApi({
      'GET /data': ({ headers }) =>
        headers.get('Authorization') === 'Bearer from-other-tab'
          ? json(200, { success: true })
          : apiError(401, 'Token expired'),
    });
    let storedByOtherTab: string | null = 'old-token';
    let lockUses = 0;
    const withRefreshLock = async <T>(run: () => Promise<T>): Promise<T> => {
      lockUses += 1;
      // The other tab held the lock, refreshed, stored its token and released the lock.
      storedByOtherTab = 'from-other-tab';
      return run();
    };
    const { client, options } = setup({
      withRefreshLock,
      readStoredAccessToken: () => storedByOtherTab,
    });

    await expect(client.get('/data')).resolves.toEqual({ success: true });
    expect(lockUses).toBe(1);
    // Spending the same refresh token twice would end the session: this tab must not refresh.
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(options.onTokenRefreshed).toHaveBeenCalledExactlyOnceWith('from-other-tab');
  });

  it('answers a second 401 after the retry as it is, with no second refresh', async () => {
    const api = mockApi({
      'GET /a': () => apiError(401, 'Still not allowed', 'UNAUTHORIZED'),
      'POST /auth/refresh': () => json(200, { success: true, data: { accessToken: 'new-token' } }),
    });
    const { client } = setup();

    const error = await caught(client.get('/a'));

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, message: 'Still not allowed' });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /a')).toHaveLength(2);
  });

  it('ends the session once when the refresh fails, and rejects every waiting call', async () => {
    const api = mockApi({
      'GET /a': () => apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'GET /b': () => apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'POST /auth/refresh': () => apiError(401, 'Refresh token revoked', 'UNAUTHORIZED'),
    });
    const { client, options } = setup();

    const errors = await Promise.all([caught(client.get('/a')), caught(client.get('/b'))]);

    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(options.onTokenRefreshed).not.toHaveBeenCalled();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    for (const error of errors) expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    // Not retried: there is no token to retry with.
    expect(api.callsTo('GET /a')).toHaveLength(1);
  });

  it('treats a refresh answer without a token as a failed refresh', async () => {
    mockApi({
      'GET /a': () => apiError(401, 'Token expired'),
      'POST /auth/refresh': () => json(200, { success: true, data: {} }),
    });
    const { client, options } = setup();

    await caught(client.get('/a'));

    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for calls that prove identity themselves', async () => {
    const api = mockApi({
      'POST /auth/login': () => apiError(401, 'Invalid credentials', 'INVALID_CREDENTIALS'),
    });
    const { client, options } = setup();

    const error = await caught(
      client.post('/auth/login', { identifier: 'x', password: 'y' }, { skipAuthRefresh: true }),
    );

    expect(error).toMatchObject({ status: 401, message: 'Invalid credentials' });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(options.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('errors in the spec shape', () => {
  it('keeps what the server said', async () => {
    mockApi({
      'POST /x': () =>
        json(400, {
          success: false,
          error: 'Bad Request',
          message: 'Password must contain at least one number',
          details: [{ field: 'password', message: 'Password must contain at least one number' }],
          code: 'VALIDATION_ERROR',
          timestamp: '2026-03-05T10:00:00.000Z',
        }),
    });
    const { client } = setup();

    const error = await caught(client.post('/x', {}));

    expect(error).toMatchObject({
      success: false,
      error: 'Bad Request',
      message: 'Password must contain at least one number',
      code: 'VALIDATION_ERROR',
      timestamp: '2026-03-05T10:00:00.000Z',
      status: 400,
      serverMessage: 'Password must contain at least one number',
    });
    expect(fieldErrors(error)).toEqual({ password: 'Password must contain at least one number' });
  });

  it("uses 'Request failed' / 'An error occurred' when the server replied without detail", async () => {
    mockApi({
      'GET /empty': () => new Response(null, { status: 502 }),
      'GET /html': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    const { client } = setup();

    for (const path of ['/empty', '/html']) {
      const error = await caught(client.get(path));
      expect(error).toMatchObject({
        success: false,
        error: 'Request failed',
        message: 'An error occurred',
        code: 'HTTP_502',
        status: 502,
        serverMessage: undefined,
      });
      expect((error as ApiRequestError).timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  it("uses 'Network Error' when nothing answered", async () => {
    const api = mockApi({});
    api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { client } = setup();

    const error = await caught(client.get('/a'));

    expect(error).toMatchObject({
      success: false,
      error: 'Network Error',
      message: 'Unable to connect to the server. Please check your internet connection.',
      code: 'NETWORK_ERROR',
      status: null,
    });
  });

  it('gives up after 30 seconds with the network error', async () => {
    vi.useFakeTimers();
    const api = mockApi({});
    api.fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const { client } = setup();

    const pending = caught(client.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(api.fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(pending).resolves.toMatchObject({
      error: 'Network Error',
      code: 'NETWORK_ERROR',
      status: null,
    });
  });

  it("uses 'Unknown Error' for anything else, such as a success answer that is not JSON", async () => {
    mockApi({ 'GET /a': () => new Response('not json', { status: 200 }) });
    const { client } = setup();

    const error = await caught(client.get('/a'));

    expect(error).toMatchObject({
      success: false,
      error: 'Unknown Error',
      message: 'An unexpected error occurred',
      code: 'UNKNOWN_ERROR',
    });
  });

  it('hands back a cancellation by the caller as it is', async () => {
    const api = mockApi({});
    api.fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    const { client } = setup();
    const controller = new AbortController();

    const pending = caught(client.get('/a', { signal: controller.signal }));
    controller.abort(new DOMException('Cancelled', 'AbortError'));

    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('reports a suspension the server announces', async () => {
    mockApi({
      'GET /users/dashboard': () =>
        apiError(403, 'Your account has been suspended', 'ACCOUNT_SUSPENDED'),
    });
    const { client, options } = setup();

    await caught(client.get('/users/dashboard'));

    expect(options.onAccountSuspended).toHaveBeenCalledTimes(1);
  });
});

describe('failureMessage', () => {
  it("prefers the server's message, then the network message, then the fallback", () => {
    const fromServer = new ApiRequestError(
      { error: 'Bad Request', message: 'Token used', code: 'X', timestamp: '' },
      400,
      'Token used',
    );
    const defaulted = new ApiRequestError(
      { error: 'Request failed', message: 'An error occurred', code: 'HTTP_500', timestamp: '' },
      500,
    );
    const offline = new ApiRequestError(
      { error: 'Network Error', message: 'Offline', code: 'NETWORK_ERROR', timestamp: '' },
      null,
    );
    expect(failureMessage(fromServer, 'Fallback')).toBe('Token used');
    expect(failureMessage(defaulted, 'Fallback')).toBe('Fallback');
    expect(failureMessage(offline, 'Fallback')).toBe('Offline');
    expect(failureMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
