/**
 * The instance's cap on concurrent argon2 work (hashing and checking passwords; decision 087).
 * argon2id costs tens of milliseconds of CPU and 19 MiB each, on libuv's thread pool: a burst of
 * anonymous sign-ins left unbounded takes every core from the requests of signed-in members. At
 * most `concurrent` run at once, at most `waiting` more wait for a turn, and beyond that a check
 * is refused at once (503, retry), so a burst costs a queue of known length and nothing more.
 */
export class PasswordChecksBusyError extends Error {
  constructor() {
    super('Too many password checks in progress on this instance');
    this.name = 'PasswordChecksBusyError';
  }
}

export interface PasswordCheckLimits {
  concurrent: number;
  waiting: number;
}

class PasswordCheckGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private limits: PasswordCheckLimits) {}

  configure(limits: PasswordCheckLimits): void {
    this.limits = limits;
  }

  private admitted = 0;

  /**
   * A place for a whole sign-in, taken before any database work: at most `concurrent + waiting`
   * sign-ins are in progress on the instance, so a burst beyond that is answered at once and costs
   * neither database work nor a pooled connection. Returns the function that gives the place back.
   */
  admit(): () => void {
    if (this.admitted >= this.limits.concurrent + this.limits.waiting) {
      throw new PasswordChecksBusyError();
    }
    this.admitted++;
    let left = false;
    return () => {
      if (!left) this.admitted--;
      left = true;
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.concurrent) {
      this.active++;
    } else if (this.queue.length < this.limits.waiting) {
      // The slot is handed over by the check that ends (`release`), so `active` stays counted.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      throw new PasswordChecksBusyError();
    }
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}

/**
 * One gate per process: the cap is per instance, as the CPU it protects is. The app sets its
 * limits from the settings (PASSWORD_CHECKS_CONCURRENT, PASSWORD_CHECKS_WAITING) when it is built.
 */
export const passwordChecks = new PasswordCheckGate({ concurrent: 1, waiting: 16 });
