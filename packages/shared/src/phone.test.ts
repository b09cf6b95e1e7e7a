import { describe, expect, it } from 'vitest';
import { normalizePhone } from './auth.js';
import { formatPhone } from './phone.js';

describe('formatPhone', () => {
  it('shows a stored number in the national style, grouped 4-3-4', () => {
    expect(formatPhone('+2348030000001')).toBe('0803 000 0001');
    expect(formatPhone('+2349120001234')).toBe('0912 000 1234');
  });

  it('shows every way of typing one number alike once stored', () => {
    for (const typed of ['08030000001', '+234 803 000 0001', '2348030000001', '0803-000-0001']) {
      expect(formatPhone(normalizePhone(typed) ?? '')).toBe('0803 000 0001');
    }
  });

  it('leaves anything else as it is', () => {
    expect(formatPhone('+447700900123')).toBe('+447700900123');
    expect(formatPhone('')).toBe('');
  });
});
