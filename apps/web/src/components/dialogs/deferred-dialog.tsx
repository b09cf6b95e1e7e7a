import {
  cloneElement,
  Suspense,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/** What a deferred dialog is given: the kit's `open`/`onOpenChange`, and where focus returns. */
export type DeferredDialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the trigger on close (the dialog has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
};

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
};

/**
 * A kit dialog whose code is fetched when it is first opened (docs/decisions/124-dialog-kit.md):
 * the trigger is on the page from the first paint; the dialog, a `lazy` component of the feature
 * given `open`, `onOpenChange` and `onCloseAutoFocus`, mounts on the first press and stays. For
 * a dialog on a member's first load, which would otherwise bring the dialog kit with it
 * (bench/README.md).
 */
export function DeferredDialog({
  trigger,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  children: (control: DeferredDialogControl) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // The button pressed: focus returns there on close. Set on the first press, which also mounts
  // the dialog.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <>
      {cloneElement(trigger, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: (event: MouseEvent<HTMLElement>) => {
          setOpener(event.currentTarget);
          setOpen(true);
        },
      })}
      {opener ? (
        <Suspense fallback={null}>
          {children({
            open,
            onOpenChange: setOpen,
            onCloseAutoFocus: (event) => {
              event.preventDefault();
              opener.focus();
            },
          })}
        </Suspense>
      ) : null}
    </>
  );
}
