import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from './toaster';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('AppToaster', () => {
  it('shows toasts in the page’s theme, following it when it switches', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Settings saved');
    });
    await screen.findByText('Settings saved');
    const toaster = () => document.querySelector('[data-sonner-toaster]');
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');

    act(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => toaster()?.getAttribute('data-sonner-theme')).toBe('dark');
  });
});
