/**
 * Money. Stored and computed amounts are integer kobo; the JSON API speaks naira numbers; the UI
 * shows whole naira. This module holds the only conversions between the two and the only rounding
 * of rates (docs/decisions/001-money-as-integer-kobo.md).
 */
import { CURRENCY, LOCALE } from './constants.js';

/** An amount in kobo (1/100 naira): always a safe integer. */
export type Kobo = number;
/** An amount in naira as the JSON API carries it: at most two decimals. */
export type Naira = number;

export const KOBO_PER_NAIRA = 100;
const BASIS_POINTS_PER_UNIT = 10_000n;
/** Far above the error of float arithmetic on amounts, far below a tenth of a kobo. */
const FLOAT_NOISE_KOBO = 1e-6;

/** Throws unless `value` is a whole number of kobo that JavaScript holds exactly. */
export function assertKobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Expected a whole number of kobo, got ${value}`);
  }
  return value;
}

/**
 * Converts naira to kobo, rounding half away from zero at the third decimal. The rounding reads
 * the number's shortest decimal form, so 1.005 naira is 101 kobo even though the binary double
 * behind 1.005 is slightly below it (where `Math.round(1.005 * 100)` would give 100).
 */
export function nairaToKobo(naira: Naira): Kobo {
  if (!Number.isFinite(naira)) {
    throw new RangeError(`Expected a finite amount of naira, got ${naira}`);
  }
  const { integerDigits, fractionDigits } = decimalDigits(Math.abs(naira));
  const wholeKobo = Number(integerDigits + fractionDigits.padEnd(2, '0').slice(0, 2));
  const roundsUp = (fractionDigits[2] ?? '0') >= '5';
  const kobo = assertKobo(wholeKobo + (roundsUp ? 1 : 0));
  // Spelled out so that a negative amount rounding to zero gives 0, not -0.
  return naira < 0 && kobo !== 0 ? -kobo : kobo;
}

export function koboToNaira(kobo: Kobo): Naira {
  return assertKobo(kobo) / KOBO_PER_NAIRA;
}

/**
 * True when a naira amount is a whole number of kobo that fits in a safe integer. Float noise
 * from arithmetic (3.3000000000000003 for 1.1 × 3) is tolerated; a real third decimal is not.
 */
export function isWholeKobo(naira: Naira): boolean {
  const kobo = naira * KOBO_PER_NAIRA;
  const nearest = Math.round(kobo);
  return Number.isSafeInteger(nearest) && Math.abs(kobo - nearest) < FLOAT_NOISE_KOBO;
}

/**
 * `amount × rateBps / 10 000`, rounded to the kobo: half up by default, or `down` where a rule
 * says so (dividends, decision 072). The one place a rate becomes money (interest, insurance,
 * dividends), computed on integers so no float error can creep in.
 */
export function applyRateBps(
  amount: Kobo,
  rateBps: number,
  rounding: 'halfUp' | 'down' = 'halfUp',
): Kobo {
  if (assertKobo(amount) < 0) throw new RangeError(`Expected a non-negative amount, got ${amount}`);
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) {
    throw new RangeError(`Expected a non-negative whole number of basis points, got ${rateBps}`);
  }
  const scaled = BigInt(amount) * BigInt(rateBps);
  const half = rounding === 'down' ? 0n : BASIS_POINTS_PER_UNIT / 2n;
  return assertKobo(Number((scaled + half) / BASIS_POINTS_PER_UNIT));
}

const nairaFormatter = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** '₦1,200,000': whole naira, as the spec shows every amount. */
export function formatNaira(naira: Naira): string {
  return nairaFormatter.format(naira);
}

export function formatKobo(kobo: Kobo): string {
  return formatNaira(koboToNaira(kobo));
}

/** Digits of a non-negative finite number's shortest decimal form, with exponents expanded. */
function decimalDigits(value: number): { integerDigits: string; fractionDigits: string } {
  const [mantissa = '0', exponentText] = value.toString().split('e');
  const [integerPart = '0', fractionPart = ''] = mantissa.split('.');
  const digits = integerPart + fractionPart;
  const pointIndex = integerPart.length + Number(exponentText ?? 0);
  if (pointIndex <= 0) {
    return { integerDigits: '0', fractionDigits: '0'.repeat(-pointIndex) + digits };
  }
  return {
    integerDigits: digits.slice(0, pointIndex).padEnd(pointIndex, '0'),
    fractionDigits: digits.slice(pointIndex),
  };
}
