/**
 * The shop's password rules, defined once: the sign-up form lists and checks them while the
 * shopper types, the Cognito user pool is created with them (infra/cdk/constructs/auth.ts), and
 * the local stand-in enforces them (infra/local/cognito.ts). Only what Cognito's password policy
 * can express lives here (a minimum length and four required character classes), so the form
 * never accepts a password the pool refuses, nor the other way round.
 */
export interface PasswordPolicy {
  /** Characters, counted as Cognito counts them (UTF-16 code units). */
  readonly minLength: number;
  readonly requireLowercase: boolean;
  readonly requireUppercase: boolean;
  readonly requireDigits: boolean;
  readonly requireSymbols: boolean;
}

/**
 * Length over composition (NIST SP 800-63B): twelve characters, with the three classes every
 * keyboard and phone types without hunting. Cognito cannot say "three of four classes", so
 * symbols stay optional rather than required. Changing this changes the cloud pool's policy on
 * the next deploy; existing passwords keep working until they are changed.
 */
export const PASSWORD_POLICY: PasswordPolicy = Object.freeze({
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
});

/** One rule of a policy, in the order Cognito reports them (the first unmet one names the refusal). */
export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** Cognito's special characters; a space counts too, when it is neither first nor last. */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

// Cognito counts ASCII letters only: an "ä" is neither lower- nor upper-case to it.
const hasClass: Record<Exclude<PasswordRule, 'minLength'>, (password: string) => boolean> = {
  lowercase: (password) => /[a-z]/.test(password),
  uppercase: (password) => /[A-Z]/.test(password),
  digit: (password) => /[0-9]/.test(password),
  symbol: (password) =>
    [...password].some((char) => PASSWORD_SYMBOLS.includes(char)) || password.slice(1, -1).includes(' '),
};

/** The rules `policy` requires, in Cognito's order. */
export function requiredPasswordRules(policy: PasswordPolicy = PASSWORD_POLICY): PasswordRule[] {
  const rules: PasswordRule[] = ['minLength'];
  if (policy.requireLowercase) rules.push('lowercase');
  if (policy.requireUppercase) rules.push('uppercase');
  if (policy.requireDigits) rules.push('digit');
  if (policy.requireSymbols) rules.push('symbol');
  return rules;
}

export interface PasswordRuleCheck {
  readonly rule: PasswordRule;
  readonly met: boolean;
}

/** Every rule `policy` requires, each marked met or not for `password`. */
export function checkPasswordRules(password: string, policy: PasswordPolicy = PASSWORD_POLICY): PasswordRuleCheck[] {
  return requiredPasswordRules(policy).map((rule) => ({
    rule,
    met: rule === 'minLength' ? password.length >= policy.minLength : hasClass[rule](password),
  }));
}

/** The rules `password` does not meet yet, in Cognito's order; empty when the policy is met. */
export function unmetPasswordRules(password: string, policy: PasswordPolicy = PASSWORD_POLICY): PasswordRule[] {
  return checkPasswordRules(password, policy)
    .filter((check) => !check.met)
    .map((check) => check.rule);
}

/**
 * Cognito refuses a password that starts or ends with whitespace before it looks at the policy
 * (the API's pattern is `^[\S]+.*[\S]+$`), so the form checks this too.
 */
export function hasEdgeWhitespace(password: string): boolean {
  return /^\s|\s$/.test(password);
}

/** True when Cognito would take `password` under `policy`. */
export function isPasswordAcceptable(password: string, policy: PasswordPolicy = PASSWORD_POLICY): boolean {
  return !hasEdgeWhitespace(password) && unmetPasswordRules(password, policy).length === 0;
}
