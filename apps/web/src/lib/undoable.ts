import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { failureMessage } from './api-client';
import { toast } from './toast';

/**
 * How long a reversible action waits for Undo before it is sent (docs/decisions/
 * 162-undo-is-a-delayed-send.md).
 */
export const UNDO_WINDOW_MS = 5_000;

export type UndoableAction<Data> = {
  /** The toast's title, saying what was done: 'Withdrawal request cancelled'. */
  title: string;
  description?: string;
  /** The cached lists the action changes, shown changed at once and put back on Undo. */
  queryKey: QueryKey;
  /** One cached page as it reads once the action is done. */
  update: (data: Data) => Data;
  /** Sends the action; `keepalive` when the member is leaving the page before the window ends. */
  send: (keepalive: boolean) => Promise<unknown>;
  /** What is stale once it is sent (the lists, the dashboard's figures). */
  refresh: (queryClient: QueryClient) => Promise<unknown>;
  /** The failure toast's title; its text is the server's reason, else `failureFallback`. */
  failureTitle: string;
  failureFallback: string;
};

/** The sends waiting for their window to end, sent at once when the page is left. */
const waiting = new Set<() => void>();
let listening = false;

function sendWaitingOnLeave() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', () => {
    for (const send of [...waiting]) send();
  });
}

let sequence = 0;

/**
 * A reversible action with Undo (docs/decisions/162-undo-is-a-delayed-send.md): the screen shows
 * it done at once, a toast offers Undo for `UNDO_WINDOW_MS` from when it shows, and only then is
 * it sent. Undo puts the cached lists back and nothing reaches the server. A refusal when it is
 * sent (an officer decided the request meanwhile) puts them back too, with the server's reason.
 */
export function useUndoable() {
  const queryClient = useQueryClient();
  return <Data>(action: UndoableAction<Data>) => {
    // A fetch of these lists already under way (an earlier action's refresh) would land after
    // this change and show them as they were, the toast still offering Undo. It is cancelled
    // first: TanStack Query puts the lists back at once as they were before it began, and the
    // refresh after the send fetches them again.
    void queryClient.cancelQueries({ queryKey: action.queryKey });
    const saved = queryClient.getQueriesData<Data>({ queryKey: action.queryKey });
    const putBack = () => {
      for (const [key, data] of saved) queryClient.setQueryData(key, data);
    };
    queryClient.setQueriesData<Data>({ queryKey: action.queryKey }, (data) =>
      data === undefined ? data : action.update(data),
    );

    sequence += 1;
    const toastId = `undo-${sequence}`;
    let settled = false;
    const send = (keepalive: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      waiting.delete(sendNow);
      toast.dismiss(toastId);
      action.send(keepalive).then(
        () => action.refresh(queryClient),
        (error: unknown) => {
          putBack();
          toast.error(action.failureTitle, {
            description: failureMessage(error, action.failureFallback),
          });
          return action.refresh(queryClient);
        },
      );
    };
    const sendNow = () => send(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    waiting.add(sendNow);
    sendWaitingOnLeave();

    toast.success(action.title, {
      id: toastId,
      description: action.description,
      // The toast lasts as long as the window; the send closes it, whatever the toast's timer says.
      duration: UNDO_WINDOW_MS + 1_000,
      action: {
        label: 'Undo',
        onClick: () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          waiting.delete(sendNow);
          putBack();
        },
      },
    });
    // The window starts when the toast with Undo is on screen, not at the press: the toast
    // library comes with the first toast (decision 089), which on a slow connection takes
    // seconds, and a window counted from the press could end before Undo was ever shown.
    toast.afterShown(() => {
      if (!settled) timer = setTimeout(() => send(false), UNDO_WINDOW_MS);
    });
  };
}
