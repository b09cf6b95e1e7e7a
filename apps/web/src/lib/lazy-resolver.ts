import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Shown as the form's general error when its validation could not be downloaded. */
export const FORM_CODE_UNAVAILABLE =
  'This form could not finish loading. Please check your connection and try again.';

/**
 * A react-hook-form resolver whose validation (zod and the shared schema, about 22 KB gzipped)
 * is downloaded when the form first validates, or earlier through `preload` (a form's first
 * focus), so no page's first load carries zod (docs/decisions/125-forms.md, bench/README.md).
 * `load` imports the form's `*-validation.ts` module, which holds `zodResolver(schema)`. A failed
 * download is tried again on the next attempt and shown as the form's general error
 * (`errors.root.server`, where a refusal goes) meanwhile.
 */
export function lazyResolver<Input extends FieldValues, Output = Input, Context = unknown>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> & { preload: () => void } {
  let loading: Promise<Resolver<Input, Context, Output>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, Context, Output>;
    try {
      resolve = await loadOnce();
    } catch {
      return {
        values: {},
        errors: {
          root: { server: { type: 'unavailable', message: FORM_CODE_UNAVAILABLE } },
        } as unknown as FieldErrors<Input>,
      };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void loadOnce().catch(() => undefined) });
}

/**
 * A form's validation whose rules depend on more than its values (the month a remittance is for
 * and today, the balance a withdrawal may take, the policy's minimums): `resolverFor` makes the
 * schema's `zodResolver` from the form's `context`, which the dialog fixes as it opens
 * (`FieldsDialog`'s `context`). Written in the form's `*-validation.ts`, loaded by `lazyResolver`.
 */
export function contextResolver<Input extends FieldValues, Context, Output = Input>(
  resolverFor: (context: Context) => Resolver<Input, unknown, Output>,
): Resolver<Input, Context, Output> {
  return (values, context, options) => resolverFor(context as Context)(values, context, options);
}
