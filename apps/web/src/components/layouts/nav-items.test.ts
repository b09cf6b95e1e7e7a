import { Banknote } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { currentNavItem, type NavItem } from './nav-items';

const item = (to: string, end?: boolean): NavItem => ({
  to,
  label: to,
  icon: Banknote,
  ...(end ? { end } : {}),
});
const ITEMS = [
  item('/admin', true),
  item('/admin/payroll'),
  item('/admin/payroll/change-requests'),
  item('/admin/loans'),
];
const current = (pathname: string) => currentNavItem(ITEMS, pathname)?.to;

describe('currentNavItem', () => {
  it('is the item of the page, or of the page it is under', () => {
    expect(current('/admin/payroll')).toBe('/admin/payroll');
    expect(current('/admin/payroll/')).toBe('/admin/payroll');
    expect(current('/admin/payroll/schedule')).toBe('/admin/payroll');
    expect(current('/admin/loans/42')).toBe('/admin/loans');
  });

  it('is the longer of two that match, so only one item is current', () => {
    expect(current('/admin/payroll/change-requests')).toBe('/admin/payroll/change-requests');
  });

  it('is an `end` item on its own page only, and none for a page under no item', () => {
    expect(current('/admin')).toBe('/admin');
    expect(current('/admin/search')).toBeUndefined();
    expect(current('/admin/payrolls')).toBeUndefined();
  });
});
