import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with argon2id at m=19 MiB, t=2, p=1 and verifies only the right password', async () => {
    const hash = await hashPassword('Ukwa-Harvest!2031');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Ukwa-Harvest!2031')).toBe(true);
    expect(await verifyPassword(hash, 'ukwa-harvest!2031')).toBe(false);
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
