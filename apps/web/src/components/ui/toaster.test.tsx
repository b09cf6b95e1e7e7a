import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { AppToaster } from './toaster';

afterEach(() => document.documentElement.classList.remove('dark'));

const toaster = () => document.querySelector('[data-sonner-toaster]');

describe('AppToaster', () => {
  it('mounts the toast region only when a toast is asked for, and shows that toast', async () => {
    render(<AppToaster />);
    expect(toaster()).toBeNull();
    act(() => {
      toast.success('Settings saved', { description: 'Your settings were saved.' });
    });
    await screen.findByText('Settings saved');
    expect(screen.getByText('Your settings were saved.')).toBeInTheDocument();
  });

  it('shows toasts at the bottom, clear of the top bar’s bell and user menu', async () => {
    render(<AppToaster />);
    act(() => {
      toast.error('Request failed');
    });
    await screen.findByText('Request failed');
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
  });

  it('shows toasts in the page’s theme, following it when it switches', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Theme followed');
    });
    await screen.findByText('Theme followed');
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');

    act(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => toaster()?.getAttribute('data-sonner-theme')).toBe('dark');
  });
});
