import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { passwordChecks } from './password-checks.js';

/**
 * argon2id with the OWASP minimum (m = 19 MiB, t = 2, p = 1): what every hash the product makes
 * costs. `Algorithm` is a const enum that isolated modules cannot read, hence the literal: 2 is
 * Argon2id.
 */
export const PASSWORD_HASH_COST: Options = {
  algorithm: 2 satisfies Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The least argon2id allows (m = 8 KiB, t = 1), for the API's own tests only (decision 161): most
 * test files create and sign in members of their own, and what they check is never the hash's
 * cost. A hash records its cost, so `verifyPassword` reads either kind. `lib/password.test.ts`
 * checks the product's cost.
 */
export const TEST_PASSWORD_HASH_COST: Options = {
  ...PASSWORD_HASH_COST,
  memoryCost: 8,
  timeCost: 1,
};

let cost = PASSWORD_HASH_COST;

/**
 * Sets what new hashes cost and returns what they cost before. Only the tests' setup calls it
 * (test/password-cost.ts); nothing the server runs does.
 */
export function setPasswordHashCost(next: Options): Options {
  const before = cost;
  cost = next;
  return before;
}

/** Longer input is refused before hashing, so nobody can make the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Hashing and checking take a turn at the instance's password-check gate (lib/password-checks.ts)
 * and throw PasswordChecksBusyError (503) when its queue is full. Neither is ever called inside a
 * database transaction: a pooled connection is not held while argon2 runs (decision 087).
 */
export async function hashPassword(password: string): Promise<string> {
  return passwordChecks.run(() => hash(password, cost));
}

/** False for a wrong password and for a malformed stored hash; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordChecks.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummy: { cost: Options; hash: Promise<string> } | undefined;

/**
 * Spends the same time as checking a real password, for unknown or not-yet-activated accounts,
 * so response time does not tell whether an account exists. Always resolves to false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  // Hashed once per cost, outside the gate: a refusal of this first hash must not stick in
  // `dummy`. It costs what a real password's hash costs, or the check would be faster.
  if (dummy?.cost !== cost) {
    dummy = { cost, hash: hash(randomBytes(32).toString('base64url'), cost) };
  }
  await verifyPassword(await dummy.hash, password);
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

export const CONTEXT_PASSWORD_MESSAGE =
  'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.';

export const BREACHED_PASSWORD_MESSAGE =
  'This password has appeared in a data breach, so others may already know it. Please choose a different one.';

/**
 * The product's own words, refused inside any new password (decision 081): what a guesser tries
 * first against a cooperative's savings and loan portal. 'co-op' and 'cooperative' are caught by
 * 'coop' (symbols are ignored). 'demo' is not one: it is the demo cooperative's own name, refused
 * there as the cooperative's name. Nor is 'member': it sits inside 'remember'.
 */
export const PRODUCT_WORDS: readonly string[] = [
  'coop',
  'savings',
  'loan',
  'portal',
  'society',
  'thrift',
  'naira',
];

/** Shorter words of a member's details are too common inside ordinary passwords to refuse. */
export const MIN_CONTEXT_WORD_LENGTH = 4;

/** Whose new password is checked: the details a guesser who knows the member tries first. */
export interface PasswordOwner {
  firstName: string;
  lastName: string;
  email: string;
  membershipId: string;
  phoneNumber: string | null;
}

const normalise = (text: string) => text.normalize('NFC').toLowerCase();
/** Letters and digits only: 'Co-op' is 'coop', 'ada.obi' is 'adaobi'. */
const compact = (text: string) => normalise(text).replace(/[^\p{L}\p{N}]+/gu, '');
/** Each run of letters and digits: 'Mary-Jane' is 'mary' and 'jane'. */
const parts = (text: string) => normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words a new password may not contain: the product's words, the words of the cooperative's
 * name, and the member's first and last name, e-mail local part, membership ID and phone number
 * (its last 10 digits, the number without 0 or +234), each whole and in its parts, when at least
 * 4 characters long.
 */
export function contextWords(owner: PasswordOwner, cooperativeName: string): Set<string> {
  const words = new Set<string>(PRODUCT_WORDS);
  const add = (word: string) => {
    if (word.length >= MIN_CONTEXT_WORD_LENGTH) words.add(word);
  };
  const localPart = owner.email.slice(0, Math.max(0, owner.email.lastIndexOf('@')));
  for (const text of [owner.firstName, owner.lastName, localPart, cooperativeName]) {
    for (const part of parts(text)) add(part);
  }
  for (const text of [owner.firstName, owner.lastName, localPart]) {
    add(normalise(text));
    add(compact(text));
  }
  add(compact(owner.membershipId));
  add((owner.phoneNumber ?? '').replace(/\D+/g, '').slice(-10));
  return words;
}

/**
 * The first context word the password contains, without case and with or without its symbols
 * ('0803-000-0001' and 'Ada.Obi' count); null when it contains none. Containing, not equalling:
 * 'Chidi2026!' is 'chidi' with decoration around it, wherever the decoration goes.
 */
export function contextWordIn(password: string, words: ReadonlySet<string>): string | null {
  const lower = normalise(password);
  const bare = compact(password);
  for (const word of words) {
    if (lower.includes(word) || bare.includes(word)) return word;
  }
  return null;
}
