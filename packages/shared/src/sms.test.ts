import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone.js';
import { clip, formatSmsAmount, gsm7Length, isGsm7, toGsm7 } from './sms.js';

describe('GSM-7 text', () => {
  it('counts the extension characters twice and refuses what is not GSM-7', () => {
    expect(gsm7Length('Hello')).toBe(5);
    expect(gsm7Length('€5 [ok]')).toBe(10);
    expect(gsm7Length('₦5')).toBe(Number.POSITIVE_INFINITY);
    expect(isGsm7('Ada owes NGN 5')).toBe(true);
    expect(isGsm7('Ada owes ₦5')).toBe(false);
  });

  it('drops accents GSM-7 lacks, keeps those it has, and writes the naira sign as NGN', () => {
    expect(toGsm7('Ọláolúwa Adéyẹmí')).toBe('Olaoluwa Adéyemi');
    expect(toGsm7('“Quoted” – it’s…')).toBe('"Quoted" - it\'s...');
    expect(toGsm7('₦18,332')).toBe('NGN 18,332');
    expect(toGsm7('日本')).toBe('??');
    expect(isGsm7(toGsm7('Ọ́ṣun ₦ “x” 😀'))).toBe(true);
  });

  it('formats amounts as the portal does, NGN for ₦', () => {
    expect(formatSmsAmount(1_833_200)).toBe('NGN 18,332');
    expect(formatSmsAmount(5_000_000_000)).toBe('NGN 50,000,000');
  });

  it('clips long names with an ellipsis', () => {
    expect(clip('Ada Obi', 24)).toBe('Ada Obi');
    expect(clip('Oluwaseun Babatunde Oluwadamilola', 24)).toBe('Oluwaseun Babatunde O...');
  });

  it('masks a phone number to its first four and last four digits', () => {
    expect(maskPhone('+2348030000101')).toBe('0803 *** 0101');
    expect(maskPhone('08030000101')).toBe('0803 *** 0101');
  });
});
