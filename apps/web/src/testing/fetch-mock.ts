import { buildPagination } from '@coop/shared/http';
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

type ListPageOptions = {
  page?: number;
  limit?: number;
  totalItems?: number;
  /** What else the list answers with: the notifications' `summary`. */
  summary?: unknown;
};

/**
 * A list endpoint's body (docs/member-portal.md §7): `rows` as one page, with the pagination the
 * API would send for it (`buildPagination`). A server that pages passes the page, its size and
 * the total; the defaults are one page of ten holding every row.
 */
export function listBody<Row>(
  rows: readonly Row[],
  { page = 1, limit = 10, totalItems = rows.length, ...extra }: ListPageOptions = {},
) {
  return {
    success: true as const,
    data: rows,
    pagination: buildPagination(page, limit, totalItems),
    ...extra,
  };
}

/** A list endpoint's 200 answer: `listBody` as JSON. */
export function listAnswer(rows: readonly unknown[], options: ListPageOptions = {}) {
  return json(200, listBody(rows, options));
}

/**
 * A 400 that puts `message` under one field: a validation refusal, or a rule the API checks on a
 * field (a wrong current password, a breached one: its `code`). `summary` is the answer's own
 * message, the field's unless told.
 */
export function fieldRefusal(
  field: string,
  message: string,
  { code = 'VALIDATION_ERROR', summary = message }: { code?: string; summary?: string } = {},
) {
  return json(400, {
    success: false,
    error: 'Bad Request',
    message: summary,
    code,
    details: [{ field, message }],
    timestamp: '2026-03-05T10:00:00.000Z',
  });
}

/** GET /users/notifications with none: what the bell of every signed-in page asks for. */
export const noNotifications = () => listAnswer([], { summary: { unreadCount: 0 } });

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
