import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Call = (real: Sonner) => void;

/**
 * The app's toasts, with the toast library loaded on the first one (decision 089): a first load
 * that shows no toast never downloads it. Calls made before it arrives wait in order and show
 * as soon as the toast region is mounted (components/ui/toaster.tsx).
 */
let real: Sonner | null = null;
const waiting: Call[] = [];
const listeners = new Set<() => void>();
let requested = false;

function run(call: Call) {
  if (real) {
    call(real);
    return;
  }
  waiting.push(call);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

type Title = Parameters<Sonner['success']>[0];
type Options = Parameters<Sonner['success']>[1];

export const toast = {
  success: (title: Title, options?: Options) => run((t) => void t.success(title, options)),
  error: (title: Title, options?: Options) => run((t) => void t.error(title, options)),
  /** Closes the toast shown with `options.id` (an undo's, once its window is over). */
  dismiss: (id: string) => run((t) => void t.dismiss(id)),
  /**
   * Runs `callback` once the toasts asked for before it are on screen: at once when the library
   * is loaded, else as soon as it arrives (an Undo's window starts then: lib/undoable.ts).
   */
  afterShown: (callback: () => void) => run(() => callback()),
};

/** Whether a toast has been asked for yet (the toast region mounts from then on). */
export const toastRequested = () => requested;

export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted toast region: the waiting toasts show, later ones go straight through. */
export function attachToasts(loaded: Sonner) {
  real = loaded;
  for (const call of waiting.splice(0)) call(loaded);
}
