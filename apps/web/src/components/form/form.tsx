import type { FormEvent, ReactNode } from 'react';

type FormProps = {
  /** react-hook-form's `handleSubmit(onValid)`. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The resolver's `preload` (`lazyResolver`): its module is fetched on the first focus. */
  preload?: () => void;
  /** For a submit button outside the form (`form={id}`): a wizard's footer. */
  id?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A data-entry form (docs/decisions/125-forms.md): sent through react-hook-form, its resolver
 * fetched when a field is first focused, and the browser's own bubbles off (`noValidate`), so the
 * schema's messages are the ones shown.
 */
export function Form({ submit, preload, id, className, children }: FormProps) {
  return (
    <form
      id={id}
      onSubmit={(event) => void submit(event)}
      onFocus={preload}
      noValidate
      className={className}
    >
      {children}
    </form>
  );
}
