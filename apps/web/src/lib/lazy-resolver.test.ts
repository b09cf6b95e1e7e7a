import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FORM_CODE_UNAVAILABLE, lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accept: Resolver<Values> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the validation once, on preload or first use, and validates with it', async () => {
    const load = vi.fn(() => Promise.resolve(accept));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    await resolver({ name: 'Obi' }, undefined, options);
    expect(load).toHaveBeenCalledOnce();
  });

  it("shows a failed download as the form's general error and tries again next time", async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(accept);
    const resolver = lazyResolver(load);
    const failed = await resolver({ name: 'Ada' }, undefined, options);
    expect(failed.errors).toEqual({
      root: { server: { type: 'unavailable', message: FORM_CODE_UNAVAILABLE } },
    });
    expect((await resolver({ name: 'Ada' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
