import { REASON_RULES } from '@coop/shared/reason-rules';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { errorFromAnswer } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { FormField } from '../form/form-field';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { ConfirmDialog } from './confirm-dialog';
import { FieldsDialog } from './fields-dialog';
import { ReasonDialog } from './reason-dialog';

const REJECT = { confirm: 'Reject', pending: 'Rejecting...', failure: 'Could not reject' };

function renderReason(onConfirm: (reason: string, key: string) => Promise<unknown>) {
  render(
    <ReasonDialog
      trigger={<Button>Reject request</Button>}
      title="Reject the request"
      description="The member is told why."
      kind="decision"
      texts={{ ...REJECT, label: 'Reason', hint: 'the member sees it.' }}
      onConfirm={onConfirm}
    />,
  );
}

describe('the dialog kit', () => {
  it('keeps a reason dialog’s button disabled until the trimmed reason reaches its kind’s minimum', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => Promise.resolve());
    renderReason(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Reject request' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the request' });
    expect(dialog).toHaveAccessibleDescription('The member is told why.');
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveFocus();
    const min = REASON_RULES.decision.min;
    expect(field).toHaveAccessibleDescription(
      `0/500 characters, at least ${min}; the member sees it.`,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();

    await user.type(field, `  ${'x'.repeat(min - 1)}  `);
    expect(confirm).toBeDisabled();
    await user.type(field, 'x');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    // Sent trimmed, with the opening's Idempotency-Key.
    expect(onConfirm).toHaveBeenCalledWith(`${'x'.repeat(min - 1)}  x`, expect.any(String));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reject request' })).toHaveFocus();
  });

  it('shows a refusal about the reason under the field and any other refusal in the dialog', async () => {
    const user = userEvent.setup();
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(
        errorFromAnswer(400, {
          success: false,
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'Invalid request',
          details: [{ field: 'reason', message: 'Say why the request is rejected' }],
          timestamp: new Date().toISOString(),
        }),
      )
      .mockRejectedValueOnce(new Error('offline'));
    renderReason(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Reject request' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.type(field, 'Not enough');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the request is rejected')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not reject');
    // The same opening sends the same Idempotency-Key on a retry.
    expect(onConfirm.mock.calls[0]?.[1]).toBe(onConfirm.mock.calls[1]?.[1]);
  });

  it('does not close on Escape while a decision is being sent, and closes on Escape otherwise', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <ConfirmDialog
        trigger={<Button>Approve request</Button>}
        title="Approve the request"
        description="The money leaves the member’s balance."
        texts={{ confirm: 'Approve', pending: 'Approving...' }}
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Approve request' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve request' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('button', { name: 'Approving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Approve the request' })).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

type GroupValues = { code: string; name: string };

// No validation of its own: what the kit does with the answer is the subject.
const passThrough: Resolver<GroupValues, unknown> & { preload: () => void } = Object.assign(
  (values: GroupValues) => Promise.resolve({ values, errors: {} }),
  { preload: () => undefined },
);

function renderFields(
  send: (values: GroupValues, key: string) => Promise<{ message?: string }>,
  defaults: () => GroupValues,
) {
  render(
    <FieldsDialog<GroupValues>
      trigger={<Button>Add group</Button>}
      title="Add payroll group"
      resolver={passThrough}
      defaultValues={defaults}
      fields={['code', 'name']}
      texts={{ submit: 'Add', pending: 'Adding...', failure: 'Could not add', success: 'Added' }}
      send={send}
    >
      {({ register, formState: { errors } }, id) => (
        <>
          <FormField id={`${id}-code`} label="Code" error={errors.code?.message}>
            <Input {...register('code')} />
          </FormField>
          <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
            <Input {...register('name')} />
          </FormField>
        </>
      )}
    </FieldsDialog>,
  );
}

describe('the dialog kit: a dialog with fields of its own', () => {
  it('puts a refusal under its field, any other in the dialog, keeps the key, then toasts and closes', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const send = vi
      .fn<(values: GroupValues, key: string) => Promise<{ message?: string }>>()
      .mockRejectedValueOnce(
        errorFromAnswer(409, {
          success: false,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'Invalid request',
          details: [{ field: 'code', message: 'This code is taken' }],
          timestamp: new Date().toISOString(),
        }),
      )
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({});
    const defaults = vi.fn(() => ({ code: 'NPA', name: '' }));
    renderFields(send, defaults);
    // The defaults are the opening's, not the page's first render's.
    expect(defaults).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payroll group' });
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('NPA');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ports');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This code is taken')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not add');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(send).toHaveBeenLastCalledWith({ code: 'NPA', name: 'Ports' }, expect.any(String));
    const keys = new Set(send.mock.calls.map(([, key]) => key));
    expect(keys.size).toBe(1);
    expect(success).toHaveBeenCalledWith('Added');
    success.mockRestore();
  });

  it('does not close on Escape while the form is sent', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const send = vi.fn(
      () =>
        new Promise<{ message?: string }>((resolve) => {
          finish = () => resolve({ message: 'Added NPA' });
        }),
    );
    renderFields(send, () => ({ code: 'NPA', name: 'Ports' }));
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payroll group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add payroll group' })).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the context to the resolver, the defaults and the fields; a toast for a refusal where one is worded; the toast and onSent from the answer', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    type Context = { limit: number };
    // Rules that depend on the context: a count above its limit is refused.
    const rule: Resolver<{ count: number }, Context> = (
      values,
      context,
    ): ResolverResult<{ count: number }> => {
      if (values.count <= (context?.limit ?? 0)) return { values, errors: {} };
      return { values: {}, errors: { count: { type: 'max', message: 'Too many' } } };
    };
    const limited = Object.assign(rule, { preload: () => undefined });
    const send = vi
      .fn<(values: { count: number }) => Promise<{ data: { id: string }; message?: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ data: { id: 'N-1' } });
    const onSent = vi.fn();
    render(
      <FieldsDialog<
        { count: number },
        Context,
        { count: number },
        { data: { id: string }; message?: string }
      >
        trigger={<Button>Count</Button>}
        title="Count"
        resolver={limited}
        context={() => ({ limit: 3 })}
        defaultValues={({ limit }) => ({ count: limit + 1 })}
        fields={['count']}
        texts={{
          submit: ({ count }) => `Send ${count ?? 0}`,
          pending: 'Sending...',
          failure: { title: 'Request failed', description: 'Please try again later.' },
          success: ({ data }) => ({ title: 'Sent', description: data.id }),
        }}
        send={send}
        onSent={onSent}
      >
        {({ register, formState: { errors } }, id, { limit }) => (
          <FormField
            id={`${id}-count`}
            label={`Count (at most ${limit})`}
            error={errors.count?.message}
          >
            <Input type="number" {...register('count', { valueAsNumber: true })} />
          </FormField>
        )}
      </FieldsDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Count' }));
    const dialog = screen.getByRole('dialog', { name: 'Count' });
    const count = within(dialog).getByLabelText('Count (at most 3)');
    expect(count).toHaveValue(4);
    await user.click(within(dialog).getByRole('button', { name: 'Send 4' }));
    expect(await within(dialog).findByText('Too many')).toBeVisible();
    expect(send).not.toHaveBeenCalled();

    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send 2' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Request failed', {
        description: 'Please try again later.',
      }),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Sent', { description: 'N-1' });
    expect(onSent).toHaveBeenCalledWith({ data: { id: 'N-1' } });
    success.mockRestore();
    failure.mockRestore();
  });
});
