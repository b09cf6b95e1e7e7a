/** The security pages' query keys: two-factor status and the sign-in history's pages. */
export const securityKeys = {
  twoFactor: ['two-factor'] as const,
  loginHistory: ['login-history'] as const,
  loginHistoryPage: (params: LoginHistoryPageParams) =>
    [...securityKeys.loginHistory, params] as const,
};

export type LoginHistoryPageParams = { page: number; limit: number };
