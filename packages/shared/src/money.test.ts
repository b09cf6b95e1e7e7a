import { describe, expect, it } from 'vitest';
import {
  applyRateBps,
  assertKobo,
  formatKobo,
  formatNaira,
  isWholeKobo,
  koboToNaira,
  nairaToKobo,
} from './money.js';

describe('nairaToKobo', () => {
  it('converts whole and fractional naira exactly', () => {
    expect(nairaToKobo(0)).toBe(0);
    expect(nairaToKobo(1)).toBe(100);
    expect(nairaToKobo(1234.56)).toBe(123_456);
    expect(nairaToKobo(50_000_000)).toBe(5_000_000_000);
    expect(nairaToKobo(-12.5)).toBe(-1250);
  });

  it('does not drift where the float product would (0.29 × 100 = 28.999…)', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo(1.15)).toBe(115);
    expect(nairaToKobo(4.35)).toBe(435);
  });

  it('rounds a fraction of a kobo half away from zero, reading the decimal as written', () => {
    expect(nairaToKobo(1.005)).toBe(101);
    expect(nairaToKobo(1.004)).toBe(100);
    expect(nairaToKobo(-1.005)).toBe(-101);
    expect(nairaToKobo(0.001)).toBe(0);
    expect(Object.is(nairaToKobo(-0.001), 0)).toBe(true);
  });

  it('reads numbers JavaScript prints with an exponent', () => {
    expect(nairaToKobo(1e-7)).toBe(0);
    expect(nairaToKobo(5e-3)).toBe(1);
    expect(nairaToKobo(1.5e10)).toBe(1_500_000_000_000);
  });

  it('refuses amounts that are not finite or too large to hold in kobo', () => {
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
    expect(() => nairaToKobo(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => nairaToKobo(1e20)).toThrow(RangeError);
  });
});

describe('koboToNaira and assertKobo', () => {
  it('converts kobo to naira', () => {
    expect(koboToNaira(123_456)).toBe(1234.56);
    expect(koboToNaira(-50)).toBe(-0.5);
  });

  it('round-trips every kobo amount', () => {
    for (const kobo of [0, 1, 7, 99, 101, 123_456_789, 5_000_000_000]) {
      expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
    }
  });

  it('refuses anything that is not a safe whole number of kobo', () => {
    expect(assertKobo(42)).toBe(42);
    expect(() => assertKobo(1.5)).toThrow(RangeError);
    expect(() => assertKobo(2 ** 53)).toThrow(RangeError);
    expect(() => koboToNaira(0.5)).toThrow(RangeError);
  });
});

describe('isWholeKobo', () => {
  it('accepts at most two decimals', () => {
    expect(isWholeKobo(100)).toBe(true);
    expect(isWholeKobo(100.5)).toBe(true);
    expect(isWholeKobo(0.29)).toBe(true);
    expect(isWholeKobo(-12.34)).toBe(true);
    expect(isWholeKobo(100.555)).toBe(false);
    expect(isWholeKobo(1000.005)).toBe(false);
  });

  it('tolerates the noise of float arithmetic', () => {
    expect(1.1 * 3).not.toBe(3.3);
    expect(isWholeKobo(1.1 * 3)).toBe(true);
    expect(isWholeKobo(0.1 + 0.2)).toBe(true);
  });

  it('refuses amounts kobo cannot hold exactly', () => {
    expect(isWholeKobo(Number.NaN)).toBe(false);
    expect(isWholeKobo(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isWholeKobo(1e20)).toBe(false);
  });
});

describe('applyRateBps', () => {
  it('applies a rate in basis points', () => {
    expect(applyRateBps(10_000_000, 500)).toBe(500_000);
    expect(applyRateBps(10_000_000, 100)).toBe(100_000);
    expect(applyRateBps(0, 1500)).toBe(0);
    expect(applyRateBps(12_345, 0)).toBe(0);
  });

  it('rounds half a kobo up and less than half down', () => {
    expect(applyRateBps(10, 500)).toBe(1); // 0.5 kobo
    expect(applyRateBps(9, 500)).toBe(0); // 0.45 kobo
    expect(applyRateBps(30, 500)).toBe(2); // 1.5 kobo
    expect(applyRateBps(100_100, 500)).toBe(5005); // ₦1,001 at 5 % is ₦50.05
  });

  it('rounds down to the kobo when asked (dividends, decision 072)', () => {
    expect(applyRateBps(10, 500, 'down')).toBe(0); // 0.5 kobo
    expect(applyRateBps(39, 500, 'down')).toBe(1); // 1.95 kobo
    expect(applyRateBps(100_100, 500, 'down')).toBe(5005); // exact: nothing to round
  });

  it('stays exact far beyond where float multiplication would lose kobo', () => {
    expect(applyRateBps(9_007_199_254_740_991, 1)).toBe(900_719_925_474);
  });

  it('refuses negative amounts and fractional or negative rates', () => {
    expect(() => applyRateBps(-100, 500)).toThrow(RangeError);
    expect(() => applyRateBps(100, 2.5)).toThrow(RangeError);
    expect(() => applyRateBps(100, -1)).toThrow(RangeError);
  });
});

describe('formatNaira and formatKobo', () => {
  it('shows whole naira with the naira sign and thousands separators', () => {
    expect(formatNaira(1_200_000)).toBe('₦1,200,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(-1500)).toBe('-₦1,500');
    expect(formatKobo(123_456)).toBe('₦1,235');
    expect(formatKobo(5_000_000_000)).toBe('₦50,000,000');
  });
});
