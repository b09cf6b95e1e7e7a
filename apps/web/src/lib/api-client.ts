import { OFFLINE_AS_OF_HEADER } from '../service-worker/offline-rules';
import {
  CLIENT_ERROR_CODES,
  ERROR_DEFAULTS,
  type ApiErrorCode,
  type ClientErrorCode,
} from '@coop/shared/messages';
import type { ApiError } from '@coop/shared/http';

/**
 * The one way the web app talks to the API (docs/member-portal.md §7 and §8 "Transport"): fetch
 * with JSON, a bearer token, a timeout, one shared token refresh for every call that met a 401 at
 * the same time, and errors normalised to the spec's error shape.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** The methods the API of docs/member-portal.md §7 uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  params?: QueryParams;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  /**
   * For calls that prove identity on their own (sign-in, token links, logout): a 401 there is the
   * answer, not an expired access token, so no refresh is attempted.
   */
  skipAuthRefresh?: boolean;
  /**
   * Sent as `Idempotency-Key` (docs/member-portal.md §7) by calls that move money or create
   * requests: one key per thing the member asked for, kept across retries of it, so the server does
   * it once.
   */
  idempotencyKey?: string;
  /** 'file' answers a successful call as a `DownloadedFile` (statements, the data export). */
  expect?: 'json' | 'file';
  /** The call outlives the page (an undo window's send when the member leaves, decision 162). */
  keepalive?: boolean;
};

/** A file the API answered (`Content-Disposition: attachment; filename="…"`). */
export type DownloadedFile = { blob: Blob; filename: string | null };

/** The file name of a `Content-Disposition` header, if it gives one. */
export function filenameOf(contentDisposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? null;
}

/** An API failure in the spec's error shape, plus the HTTP status (null when nothing answered). */
export class ApiRequestError extends Error implements ApiError {
  readonly success = false as const;
  readonly error: string;
  readonly code: string;
  readonly details?: unknown;
  readonly timestamp: string;
  readonly status: number | null;
  /** The message exactly as the server sent it; undefined when `message` is a default. */
  readonly serverMessage: string | undefined;

  constructor(shape: Omit<ApiError, 'success'>, status: number | null, serverMessage?: string) {
    super(shape.message);
    this.name = 'ApiRequestError';
    this.error = shape.error;
    this.code = shape.code;
    this.details = shape.details;
    this.timestamp = shape.timestamp;
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  timeoutMs: number;
  /** The access token to send; read on every call so a refresh made elsewhere is picked up. */
  getAccessToken: () => string | null;
  /** Stores the token a refresh returned. */
  onTokenRefreshed: (accessToken: string) => void;
  /** The refresh failed: the session is over. Removes the token; the app sends the member to sign in. */
  onSessionExpired: () => void;
  /** A signed-in member was suspended meanwhile (403 ACCOUNT_SUSPENDED). */
  onAccountSuspended?: () => void;
  /** An officer without a two-factor sign-in called the back office (403 TWO_FACTOR_REQUIRED). */
  onTwoFactorRequired?: (message: string) => void;
  /**
   * Runs a refresh exclusively across the member's open tabs. The tabs share one refresh cookie,
   * and the server treats a refresh token spent twice as stolen and ends the session, so two tabs
   * must never refresh at once. Defaults to running directly (one tab, tests).
   */
  withRefreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** The newest token any tab has stored, read under the lock. Defaults to `getAccessToken`. */
  readStoredAccessToken?: () => string | null;
  /**
   * Each answer's origin: null for a live one, or when it was saved for one the service worker
   * served offline (its `X-Coop-Offline-As-Of` header, docs/decisions/166-service-worker-and-offline.md).
   */
  onAnswer?: (offlineAsOf: string | null) => void;
  fetch?: typeof fetch;
};

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export type ApiClient = {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** GET of a file: the same token, refresh and error handling as every other call. */
  download(path: string, options?: Omit<CallOptions, 'expect'>): Promise<DownloadedFile>;
  /**
   * A new access token for the same sign-in now (after turning two-factor on, which the next
   * token carries); null when the session is over.
   */
  renewAccessToken(): Promise<string | null>;
};

type RawAnswer = { status: number; ok: boolean; body: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Builds a query string from list parameters, leaving out what means "no filter"
 * (docs/member-portal.md §5): undefined, null, blank strings and the 'all' status. Strings are
 * trimmed.
 */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === 'string' ? raw.trim() : String(raw);
    if (value === '') continue;
    if (key === 'status' && value === 'all') continue;
    search.append(key, value);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** A server answer that is not 2xx, in the spec's shape; missing parts fall back to 'noDetail'. */
export function errorFromAnswer(status: number, body: unknown): ApiRequestError {
  const fields = isRecord(body) ? body : {};
  const serverMessage = text(fields.message);
  return new ApiRequestError(
    {
      error: text(fields.error) ?? ERROR_DEFAULTS.noDetail.error,
      message: serverMessage ?? ERROR_DEFAULTS.noDetail.message,
      details: fields.details,
      code: text(fields.code) ?? `HTTP_${status}`,
      timestamp: text(fields.timestamp) ?? new Date().toISOString(),
    },
    status,
    serverMessage,
  );
}

/** Nothing answered: the network failed or the call ran past the timeout. */
export function networkError(): ApiRequestError {
  return new ApiRequestError(
    {
      ...ERROR_DEFAULTS.network,
      code: CLIENT_ERROR_CODES.network,
      timestamp: new Date().toISOString(),
    },
    null,
  );
}

/** Anything else (an answer that is not JSON, a bug): the 'unknown' default, never a raw crash. */
export function unknownError(): ApiRequestError {
  return new ApiRequestError(
    {
      ...ERROR_DEFAULTS.unknown,
      code: CLIENT_ERROR_CODES.unknown,
      timestamp: new Date().toISOString(),
    },
    null,
  );
}

/** Turns whatever a failed call threw into the spec's error shape. */
export function toApiError(error: unknown): ApiRequestError {
  return error instanceof ApiRequestError ? error : unknownError();
}

/**
 * What a screen says when a call failed: the server's own message, else the screen's fallback
 * (docs/member-portal.md §8 "the server message or ..."). When nothing answered, the network
 * message says more than any fallback could.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  if (apiError.serverMessage) return apiError.serverMessage;
  return hasErrorCode(apiError, CLIENT_ERROR_CODES.network) ? apiError.message : fallback;
}

/** Whether a failed call answered with `code` (one of the API's codes, or the client's own). */
export function hasErrorCode(error: unknown, code: ApiErrorCode | ClientErrorCode): boolean {
  return toApiError(error).code === code;
}

/** A refusal's per-field messages (`details: [{ field, message }]`, any status), keyed by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const { details } = toApiError(error);
  const byField: Record<string, string> = {};
  if (!Array.isArray(details)) return byField;
  for (const entry of details) {
    if (isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string') {
      byField[entry.field] ??= entry.message;
    }
  }
  return byField;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // The refresh in progress, shared by every call that met a 401 while it runs (one refresh at a
  // time: docs/decisions/010-web-routing-and-session.md).
  let refreshInFlight: Promise<string | null> | null = null;

  async function perform(
    path: string,
    { method = 'GET', body, params, signal, idempotencyKey, expect, keepalive }: RequestOptions,
    accessToken: string | null,
  ): Promise<RawAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    signal?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = {
      Accept: expect === 'file' ? '*/*' : 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

    try {
      // The timeout covers the whole answer, body included: a stalled download is no answer.
      const response = await fetchImpl(`${options.baseUrl}${path}${toQueryString(params)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // Same-origin so the httpOnly refresh cookie flows to /auth/* and nowhere else.
        credentials: 'same-origin',
        signal: controller.signal,
        ...(keepalive ? { keepalive } : {}),
      });
      options.onAnswer?.(response.headers.get(OFFLINE_AS_OF_HEADER) || null);
      if (expect === 'file' && response.ok) {
        const file: DownloadedFile = {
          blob: await response.blob(),
          filename: filenameOf(response.headers.get('Content-Disposition')),
        };
        return { status: response.status, ok: true, body: file };
      }
      const raw = await response.text();
      let parsed: unknown = undefined;
      if (raw !== '') {
        try {
          parsed = JSON.parse(raw);
        } catch {
          // A proxy's HTML error page: keep the status, treat the body as "no detail".
          if (response.ok) throw unknownError();
        }
      }
      return { status: response.status, ok: response.ok, body: parsed };
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      // The caller cancelled (not the timeout): hand back its reason so TanStack Query sees a
      // cancellation rather than a failure.
      if (!timedOut && signal?.aborted) throw signal.reason;
      throw networkError();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  const withRefreshLock = options.withRefreshLock ?? ((run) => run());
  const readStoredAccessToken = options.readStoredAccessToken ?? options.getAccessToken;

  /** Renews the session once for every call that met a 401 with `staleToken`. */
  function refreshAccessToken(staleToken: string | null): Promise<string | null> {
    refreshInFlight ??= withRefreshLock(async () => {
      // Another tab may have renewed the session while this one waited for the lock.
      const stored = readStoredAccessToken();
      if (stored && stored !== staleToken) return stored;
      // No body: the refresh token travels in the httpOnly cookie scoped to /api/v1/auth.
      const answer = await perform('/auth/refresh', { method: 'POST' }, null);
      const data = isRecord(answer.body) ? answer.body.data : undefined;
      const accessToken = isRecord(data) ? text(data.accessToken) : undefined;
      return answer.ok && accessToken ? accessToken : null;
    })
      // Nothing answered: the session cannot be renewed either.
      .catch(() => null)
      .then((accessToken) => {
        if (accessToken) options.onTokenRefreshed(accessToken);
        else options.onSessionExpired();
        return accessToken;
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    try {
      const tokenSent = options.getAccessToken();
      let answer = await perform(path, requestOptions, tokenSent);

      if (answer.status === 401 && !requestOptions.skipAuthRefresh) {
        // Another call may already have renewed the token while this one was on the wire.
        const current = options.getAccessToken();
        const renewed =
          current && current !== tokenSent ? current : await refreshAccessToken(tokenSent);
        // Retry once; a second 401 is answered as it is, never with another refresh.
        if (renewed) answer = await perform(path, requestOptions, renewed);
      }

      if (!answer.ok) {
        const error = errorFromAnswer(answer.status, answer.body);
        if (hasErrorCode(error, 'ACCOUNT_SUSPENDED')) {
          options.onAccountSuspended?.();
        }
        if (hasErrorCode(error, 'TWO_FACTOR_REQUIRED')) {
          options.onTwoFactorRequired?.(error.message);
        }
        throw error;
      }
      return answer.body as T;
    } catch (error) {
      if (requestOptions.signal?.aborted && !(error instanceof ApiRequestError)) throw error;
      throw toApiError(error);
    }
  }

  return {
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    put: (path, body, rest) => request(path, { ...rest, method: 'PUT', body }),
    download: (path, rest) => request(path, { ...rest, method: 'GET', expect: 'file' }),
    renewAccessToken: () => refreshAccessToken(options.getAccessToken()),
  };
}
