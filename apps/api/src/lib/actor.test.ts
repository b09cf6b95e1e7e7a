import { describe, expect, it } from 'vitest';
import { systemActor, twoFactorVerified, type MemberActor } from './actor.js';

const user = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  email: 'officer@test.coop',
  phoneNumber: null,
  membershipId: 'A0009',
  firstName: 'Test',
  lastName: 'Officer',
  roles: ['treasurer' as const],
  isActive: true,
  isLoanReviewer: false,
  isExco: false,
};
const signedIn = (amr?: MemberActor['amr']): MemberActor => ({
  user,
  ip: '127.0.0.1',
  userAgent: null,
  ...(amr ? { amr } : {}),
});

describe('twoFactorVerified', () => {
  it('is true only for a sign-in whose token says the one-time code was passed', () => {
    expect(twoFactorVerified(signedIn(['pwd', 'otp']))).toBe(true);
    expect(twoFactorVerified(signedIn(['pwd']))).toBe(false);
    // Outside a request (seed, command line, jobs) nothing was proved.
    expect(twoFactorVerified(signedIn())).toBe(false);
    expect(twoFactorVerified(systemActor)).toBe(false);
  });
});
