import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CurrentPasswordField } from './current-password-field';

describe('CurrentPasswordField', () => {
  it('is a labelled current-password input that says why it is asked, and reports typing', () => {
    const onChange = vi.fn();
    render(
      <CurrentPasswordField
        id="profile-current-password"
        name="currentPassword"
        onChange={onChange}
        hint="Your phone number signs you in, so we ask for your password to change it."
      />,
    );
    const input = screen.getByLabelText('Current password');
    expect(input).toHaveAttribute('name', 'currentPassword');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toHaveAccessibleDescription(
      'Your phone number signs you in, so we ask for your password to change it.',
    );
    fireEvent.change(input, { target: { value: 'Secret!1' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(input).toHaveValue('Secret!1');
  });

  it('reads the refusal first, under its own label and request name', () => {
    render(
      <CurrentPasswordField
        id="disable-password"
        label="Password"
        name="password"
        error="Current password is incorrect"
        hint="Asked again to turn it off."
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('name', 'password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Current password is incorrect Asked again to turn it off.',
    );
  });
});
