import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

describe('SubmitButton', () => {
  it('submits with its label, and is busy and disabled while pending', () => {
    const { rerender } = render(
      <SubmitButton isPending={false} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();

    rerender(
      <SubmitButton isPending pendingLabel="Signing in...">
        Sign In
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });
});
