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
export function lazyResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
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
