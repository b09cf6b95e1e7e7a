import { vi } from 'vitest';

export type MockRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type Handler = (request: MockRequest) => Response | Promise<Response>;

/** A JSON answer, as the API sends it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The API's error shape (docs/member-portal.md §8). */
export function apiError(status: number, message: string, code = 'ERROR') {
  return json(status, {
    success: false,
    error: 'Error',
    message,
    code,
    timestamp: '2026-03-05T10:00:00.000Z',
  });
}

/**
 * Replaces fetch with handlers keyed 'METHOD /path' (the path after /api/v1, no query). Each call
 * is recorded; an unexpected call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const request: MockRequest = {
      method: init.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const handler = handlers[`${request.method} ${path}`];
    if (!handler) throw new Error(`Unexpected call: ${request.method} ${path}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
