import { describe, expect, it } from 'vitest';
import { countActiveFilters, isFilterActive } from './list-filters';

describe('isFilterActive', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['   ', false],
    ['pending', true],
    [[], false],
    [['pending'], true],
    [{}, false],
    [{ start: undefined, end: '' }, false],
    [{ start: '2025-03-01' }, true],
    [0, true],
    [false, true],
  ])('%j is active: %s', (value, active) => {
    expect(isFilterActive(value)).toBe(active);
  });

  it('counts active filters and a non-blank search', () => {
    expect(countActiveFilters({ status: 'pending', month: '', range: {} }, ' March ')).toBe(2);
    expect(countActiveFilters({}, '  ')).toBe(0);
  });
});
