import { describe, expect, it } from 'vitest';
import { passwordChecks, PasswordChecksBusyError } from './password-checks.js';
import { unavailableReason } from './service-unavailable.js';

describe('the password-check gate', () => {
  it('runs at most `concurrent` checks, queues `waiting` more, and refuses the rest at once', async () => {
    passwordChecks.configure({ concurrent: 2, waiting: 3 });
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const check = () =>
      passwordChecks.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'checked';
      });
    const admitted = Array.from({ length: 5 }, check);
    const refused = await check().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PasswordChecksBusyError);
    expect(unavailableReason(refused)).toBe('busy');

    // Each ending check hands its turn to the next in the queue.
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(admitted)).toEqual(Array(5).fill('checked'));
    expect(most).toBe(2);
  });

  it('admits at most `concurrent + waiting` sign-ins at once, and takes each place back once', () => {
    passwordChecks.configure({ concurrent: 1, waiting: 1 });
    const first = passwordChecks.admit();
    const second = passwordChecks.admit();
    expect(() => passwordChecks.admit()).toThrow(PasswordChecksBusyError);
    first();
    first();
    const third = passwordChecks.admit();
    expect(() => passwordChecks.admit()).toThrow(PasswordChecksBusyError);
    second();
    third();
  });
});
