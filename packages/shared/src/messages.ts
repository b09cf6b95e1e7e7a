/**
 * Error codes and the texts the spec fixes for failures (§8), kept free of zod so that the
 * first screens a member loads do not download the validation library just to show a message.
 */
import { FORGOT_PASSWORD_WAIT_MINUTES } from './constants.js';

/** Codes of the error shape that clients branch on. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  /** Set by the client when no answer arrived. */
  network: 'NETWORK_ERROR',
  /** Set by the client for any other failure. */
  unknown: 'UNKNOWN_ERROR',
} as const;

/** What the client shows when an answer carries no usable message (spec §8 Transport). */
export const ERROR_DEFAULTS = {
  noDetail: { error: 'Request failed', message: 'An error occurred' },
  network: {
    error: 'Network Error',
    message: 'Unable to connect to the server. Please check your internet connection.',
  },
  unknown: { error: 'Unknown Error', message: 'An unexpected error occurred' },
} as const;

/** The client's message for a failed call when the server gave none (spec §8 Fallback messages). */
export const FALLBACK_MESSAGES = {
  login: 'Login failed',
  activation: 'Account activation failed',
  fetchUser: 'Failed to fetch user',
  logout: 'Logout failed',
  changePassword: 'Password change failed',
  refreshToken: 'Token refresh failed',
  fetchDashboard: 'Failed to fetch dashboard data',
  fetchLoans: 'Failed to fetch loans',
  fetchEligibility: 'Failed to fetch eligibility',
  calculateLoan: 'Failed to calculate loan',
  fetchGuarantorRequests: 'Failed to fetch guarantor requests',
  fetchLoansUnderReview: 'Failed to fetch loans under review',
  fetchUsers: 'Failed to fetch users',
  searchUsers: 'Failed to search users',
  invalidResponse: 'Invalid response format',
  fetchFines: 'Failed to fetch fines',
  fetchDividends: 'Failed to fetch dividends',
  fetchNotifications: 'Failed to fetch notifications',
} as const;

/** Messages the API answers with and the auth screens show (spec §8 Screens). */
export const AUTH_MESSAGES = {
  noActivationToken: 'No activation token provided',
  invalidActivationToken: 'Invalid or expired activation token',
  activationFailed: 'Failed to activate account. Please try again.',
  tooManyAttempts: `Too many attempts. Please wait ${FORGOT_PASSWORD_WAIT_MINUTES} minutes before trying again.`,
  tooManyRequests: `Too many requests. Please wait ${FORGOT_PASSWORD_WAIT_MINUTES} minutes before trying again.`,
  /** The same answer whether or not the e-mail exists, so the form cannot reveal members. */
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  invalidResetToken: 'Invalid or expired reset token. Please request a new password reset link.',
  resetFailed: 'Failed to reset password. Please try again.',
  accountSuspended: 'Your account has been temporarily suspended and cannot access the system.',
} as const;
