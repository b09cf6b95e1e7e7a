import { describe, expect, it } from 'vitest';
import { agree, countOf } from './plurals.js';

describe('countOf', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'member')).toBe('1 member');
    expect(countOf(0, 'member')).toBe('0 members');
    expect(countOf(2, 'hold problem')).toBe('2 hold problems');
    expect(countOf(1_250, 'posting')).toBe('1,250 postings');
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('lets the verb agree with the count', () => {
    expect(`${countOf(1, 'member')} ${agree(1, 'differs', 'differ')}`).toBe('1 member differs');
    expect(`${countOf(4, 'member')} ${agree(4, 'differs', 'differ')}`).toBe('4 members differ');
  });
});
