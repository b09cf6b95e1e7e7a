import { hash as argon2Hash, type Options } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contextWordIn,
  contextWords,
  hashPassword,
  PASSWORD_HASH_COST,
  setPasswordHashCost,
  TEST_PASSWORD_HASH_COST,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
  type PasswordOwner,
} from './password.js';

describe('password hashing', () => {
  // The product's cost, which the other test files lower (test/password-cost.ts, decision 161).
  let testCost: Options | undefined;
  beforeAll(() => {
    testCost = setPasswordHashCost(PASSWORD_HASH_COST);
  });
  afterAll(() => {
    if (testCost) setPasswordHashCost(testCost);
  });

  it('hashes with argon2id at m=19 MiB, t=2, p=1 and verifies only the right password', async () => {
    const hash = await hashPassword('Ukwa-Harvest!2031');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Ukwa-Harvest!2031')).toBe(true);
    expect(await verifyPassword(hash, 'ukwa-harvest!2031')).toBe(false);
  });

  it('checks a hash at the cost it records: one of the tests’ cost still verifies', async () => {
    const hash = await argon2Hash('Ukwa-Harvest!2031', TEST_PASSWORD_HASH_COST);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'Ukwa-Harvest!2031')).toBe(true);
    expect(await verifyPassword(hash, 'Ukwa-Harvest!2030')).toBe(false);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('checks unknown accounts against a dummy hash and always fails', async () => {
    expect(await verifyAgainstDummy('Ukwa-Harvest!2031')).toBe(false);
  });
});

describe('isCommonPassword', () => {
  it.each(['password', 'Password1', 'PASSWORD1!', 'Qwerty123456', 'iloveyou!!', 'Sunshine1'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Ukwa-Harvest!2031', 'Demo!2345', 'Palm-Wine&Moon88', 'Groundnut-Soup7'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe('context-specific words', () => {
  const ada: PasswordOwner = {
    firstName: 'Ada',
    lastName: 'Obi-Nwankwo',
    email: 'ada.obi@example.com',
    membershipId: 'M0001',
    phoneNumber: '+2348030000001',
  };
  const wordIn = (password: string, cooperativeName = 'Ikeja Teachers CTCS') =>
    contextWordIn(password, contextWords(ada, cooperativeName));

  it.each([
    ['Coop!2026x', 'coop'],
    ['Co-op-Rocks!9', 'coop'],
    ['MyCooperative#1', 'coop'],
    ['Savings4Life!', 'savings'],
    ['Portal-Key!55', 'portal'],
    ['nwankwo-Rules!1', 'nwankwo'],
    ['Nwa-nkwo!2026', 'nwankwo'],
    ['ADA.OBI!2026', 'ada.obi'],
    ['Adaobi#2026', 'adaobi'],
    ['m0001-Secret!', 'm0001'],
    ['Call-0803-000-0001!', '8030000001'],
    ['Ikeja!2026pw', 'ikeja'],
    ['Teachers-Rock!9', 'teachers'],
  ])('refuses %s (it contains %s)', (password, word) => {
    expect(wordIn(password)).toBe(word);
  });

  it.each([
    'Ukwa-Harvest!2031',
    'Demo!2345',
    'Palm-Wine&Moon88',
    'Ada-Lagos!2031',
    'Obi#Garden77',
    'Remember-Garden!7',
  ])(
    'accepts %s (short details of fewer than 4 characters are not words; no product word inside)',
    (password) => {
      expect(wordIn(password)).toBeNull();
    },
  );

  it("takes the cooperative's words from its name: the demo's known password is refused there", () => {
    expect(wordIn('Ikeja!2026pw', 'Lagos Thrift')).toBeNull();
    expect(wordIn('Demo!2345')).toBeNull();
    expect(wordIn('Demo!2345', 'Demo Cooperative Society')).toBe('demo');
  });

  it('skips a member without a phone number', () => {
    const words = contextWords({ ...ada, phoneNumber: null }, 'CTCS');
    expect([...words].filter((word) => /^\d+$/.test(word))).toEqual([]);
  });
});

describe('the tests’ own cost', () => {
  it('is what the other test files hash at (test/password-cost.ts, decision 161)', async () => {
    expect(await hashPassword('Ukwa-Harvest!2031')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  });
});
