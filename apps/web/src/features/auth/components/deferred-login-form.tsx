import { lazy, memo, Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { SIGN_IN_FORM_ID } from '../../../config/app';

/**
 * What counts as the member starting to use the prerendered form: focusing or pressing anything
 * in it, typing, or sending it. Listened for on the document in the capture phase: React stops
 * these at its root while the form is not yet hydrated.
 */
const FIRST_USE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input', 'submit'] as const;

let startDownload: () => void = () => undefined;
const firstUse = new Promise<void>((resolve) => {
  startDownload = resolve;
});

// Reached from another page of the app (no prerendered form on screen): nothing to wait for.
if (typeof document !== 'undefined' && !document.getElementById(SIGN_IN_FORM_ID)) startDownload();

/**
 * The form's code: react-hook-form, the form kit and the sign-in steps (login-form.tsx), and in
 * parallel its validation and API client (login-submission.ts). The build's prerender, which has
 * no document, renders it at once; a browser waits for the first use.
 */
const LoginFormCode = lazy(async () => {
  if (typeof document !== 'undefined') await firstUse;
  void import('./login-submission').catch(() => undefined);
  const { LoginForm } = await import('./login-form');
  return { default: LoginForm };
});

/**
 * A button of the form (the password's Show/Hide) pressed before the form's code had arrived:
 * React drops that click, so it is pressed again once the form is hydrated. A click React did
 * deliver (it could hydrate the form at once) reaches the document's bubble phase and is
 * forgotten there.
 */
let pressedTooEarly: HTMLButtonElement | null = null;

function notePress(event: Event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button?.type === 'button' && button.closest(`#${SIGN_IN_FORM_ID}`)) pressedTooEarly = button;
}
function forgetPress() {
  pressedTooEarly = null;
}

/** Rendered with the form's code, after it: its effect runs once the form is hydrated. */
function ReplayEarlyPress() {
  useEffect(() => {
    // After the event being dispatched, if any, so a click React delivered is forgotten first.
    const timer = setTimeout(() => {
      document.removeEventListener('click', notePress, true);
      document.removeEventListener('click', forgetPress);
      const button = pressedTooEarly;
      pressedTooEarly = null;
      button?.click();
    });
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** Whether the member used the form before the app had started (index.html kept a submit). */
function usedAlready(form: HTMLFormElement): boolean {
  return (
    form.hasAttribute('data-pending') ||
    form.contains(document.activeElement) ||
    Array.from(form.elements).some(
      (element) => element instanceof HTMLInputElement && element.value !== '',
    )
  );
}

/** Shown only where the page has no prerendered form, while the form's code downloads. */
function FormLoading() {
  useEffect(() => startDownload(), []);
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading the sign-in form" />
    </div>
  );
}

/**
 * The sign-in form, its code fetched on first use (docs/decisions/146-sign-in-page-first-load.md).
 * On the prerendered page (decision 110) React hydrates everything but the form, whose markup
 * stays on screen, working as plain HTML: the member can focus it and type, and a submit waits
 * (index.html). The first focus, press, key or submit fetches the form's code; React then
 * hydrates the form, keeping what was typed, a waiting submit is sent and an early press of
 * Show/Hide is made again. Elsewhere (the page opened from another page of the app) the code is
 * fetched at once, under a spinner.
 *
 * `memo`: a re-render of the page (the auth state) must not reach the boundary while it waits,
 * or React would replace the server's form by the spinner.
 */
export const DeferredLoginForm = memo(function DeferredLoginForm() {
  useEffect(() => {
    const form = document.getElementById(SIGN_IN_FORM_ID);
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('data-ready')) return;
    const start = (event: Event) => {
      if (!(event.target instanceof Node) || !form.contains(event.target)) return;
      stopWaiting();
      form.removeAttribute('data-waiting');
      startDownload();
    };
    const stopWaiting = () => {
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, start, true);
    };
    document.addEventListener('click', notePress, true);
    document.addEventListener('click', forgetPress);
    if (usedAlready(form)) {
      startDownload();
    } else {
      for (const type of FIRST_USE_EVENTS) document.addEventListener(type, start, true);
      // The app has started and waits for the member (bench/bundle-size.mjs looks for this);
      // gone again before React hydrates the form, whose attributes are React's.
      form.setAttribute('data-waiting', '');
    }
    return () => {
      stopWaiting();
      document.removeEventListener('click', notePress, true);
      document.removeEventListener('click', forgetPress);
    };
  }, []);

  return (
    <Suspense fallback={<FormLoading />}>
      <LoginFormCode />
      <ReplayEarlyPress />
    </Suspense>
  );
});
