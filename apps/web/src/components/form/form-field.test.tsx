import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from '../ui/input';
import { FormField } from './form-field';

describe('FormField', () => {
  it('labels the control and leaves it valid while there is no message', () => {
    render(
      <FormField id="email" label="Email">
        <Input type="email" />
      </FormField>,
    );
    const field = screen.getByLabelText('Email');
    expect(field).toHaveAttribute('id', 'email');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('ties the message to the control, before any other description', () => {
    render(
      <>
        <FormField
          id="password"
          label="Password"
          error="Password is required"
          describedBy="password-requirements"
        >
          <Input type="password" />
        </FormField>
        <p id="password-requirements">At least 8 characters</p>
      </>,
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', 'password-error password-requirements');
    expect(field).toHaveAccessibleDescription('Password is required At least 8 characters');
    expect(screen.getByText('Password is required')).toHaveAttribute('id', 'password-error');
  });

  it('shows what sits beside the label', () => {
    render(
      <FormField id="password" label="Password" labelAside={<a href="/forgot">Forgot?</a>}>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('link', { name: 'Forgot?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
