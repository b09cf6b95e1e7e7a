import { MOBILE_BREAKPOINT_PX } from '@coop/shared/constants';
import { useSyncExternalStore } from 'react';

/** The desktop layout's media query: 768 px and up (docs/member-portal.md §9, Tailwind `md`). */
export const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

// Asked afresh each time rather than kept: a MediaQueryList is cheap, and a kept one would
// outlive the `matchMedia` a component test stubs for its own width.
const desktopMedia = () => (typeof matchMedia === 'function' ? matchMedia(DESKTOP_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const media = desktopMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const isDesktopNow = () => desktopMedia()?.matches ?? true;

/**
 * Whether the window is desktop-wide, read before the first paint and followed as it is resized
 * (docs/decisions/158-one-layout-per-viewport.md): a component that draws one layout for each
 * renders only the one the member sees. The prerendered pages (sign-in) have no such component;
 * for them the answer is the desktop.
 */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktopNow, () => true);
}
