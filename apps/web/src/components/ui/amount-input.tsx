import type { ComponentProps } from 'react';
import { Input } from './input';

/** An amount in naira, to the kobo: a number field that opens the phone's decimal keypad. */
export function AmountInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}
