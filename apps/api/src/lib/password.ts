import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (m = 19 MiB, t = 2, p = 1). `Algorithm` is a const enum that
 * isolated modules cannot read, hence the literal: 2 is Argon2id.
 */
const ARGON2_OPTIONS: Options = {
  algorithm: 2 satisfies Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Longer input is refused before hashing, so nobody can make the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 128;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for unknown or not-yet-activated accounts,
 * so response time does not tell whether an account exists. Always resolves to false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

const listFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/common-passwords.txt',
);

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(listFile, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords;
}

/**
 * True when the password is one of the most common ones (apps/api/assets/common-passwords.txt),
 * compared without case and without trailing symbols: 'Password1!' is 'password1' with a
 * capital and a '!' added to satisfy the composition rules, and guessers try exactly that.
 */
export function isCommonPassword(password: string): boolean {
  const list = loadCommonPasswords();
  const lower = password.toLowerCase();
  return list.has(lower) || list.has(lower.replace(/[^a-z0-9]+$/, ''));
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';
