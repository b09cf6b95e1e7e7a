import { Sprout } from 'lucide-react';
import { APP_NAME } from '../../config/app';

/** The portal's mark and name; decorative icon, the name is the accessible text. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold">
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Sprout aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg tracking-tight">{APP_NAME}</span>
    </span>
  );
}
