import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  hasEdgeWhitespace,
  isPasswordAcceptable,
  PASSWORD_POLICY,
  PASSWORD_SYMBOLS,
  requiredPasswordRules,
  unmetPasswordRules,
  type PasswordPolicy,
} from './password-policy';

const EVERY_CLASS: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
};

describe('PASSWORD_POLICY', () => {
  it('stays within what a Cognito user pool accepts (length 6 to 99)', () => {
    expect(PASSWORD_POLICY.minLength).toBeGreaterThanOrEqual(6);
    expect(PASSWORD_POLICY.minLength).toBeLessThanOrEqual(99);
  });

  it('asks for twelve characters with lower- and upper-case letters and a digit', () => {
    expect(requiredPasswordRules()).toEqual(['minLength', 'lowercase', 'uppercase', 'digit']);
    expect(isPasswordAcceptable('Linea-e2e-2026!')).toBe(true);
    expect(isPasswordAcceptable('Secret-Pass-1')).toBe(true);
    expect(isPasswordAcceptable('Abcdefghij12')).toBe(true);
    expect(isPasswordAcceptable('Abcdefghij1')).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PASSWORD_POLICY)).toBe(true);
  });
});

describe('checkPasswordRules', () => {
  it('lists every required rule, met or not, before anything is typed', () => {
    expect(checkPasswordRules('', EVERY_CLASS)).toEqual([
      { rule: 'minLength', met: false },
      { rule: 'lowercase', met: false },
      { rule: 'uppercase', met: false },
      { rule: 'digit', met: false },
      { rule: 'symbol', met: false },
    ]);
  });

  it('marks each rule as the password grows', () => {
    const met = (password: string) =>
      checkPasswordRules(password, EVERY_CLASS)
        .filter((check) => check.met)
        .map((check) => check.rule);
    expect(met('a')).toEqual(['lowercase']);
    expect(met('aB')).toEqual(['lowercase', 'uppercase']);
    expect(met('aB3')).toEqual(['lowercase', 'uppercase', 'digit']);
    expect(met('aB3-')).toEqual(['lowercase', 'uppercase', 'digit', 'symbol']);
    expect(met('aB3-efgh')).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'symbol']);
  });

  it('leaves out the classes a policy does not require', () => {
    const lengthOnly = { ...EVERY_CLASS, requireLowercase: false, requireUppercase: false, requireDigits: false };
    expect(checkPasswordRules('aaaaaaaa', { ...lengthOnly, requireSymbols: false })).toEqual([
      { rule: 'minLength', met: true },
    ]);
  });
});

describe('unmetPasswordRules', () => {
  it("reports the rules in Cognito's order, so the first one names the refusal", () => {
    expect(unmetPasswordRules('abc', EVERY_CLASS)).toEqual(['minLength', 'uppercase', 'digit', 'symbol']);
    expect(unmetPasswordRules('ABCDEFGH', EVERY_CLASS)).toEqual(['lowercase', 'digit', 'symbol']);
    expect(unmetPasswordRules('Abcdefg1!', EVERY_CLASS)).toEqual([]);
  });

  it('counts ASCII letters only, as Cognito does', () => {
    expect(unmetPasswordRules('äöüéàèç1!X', EVERY_CLASS)).toContain('lowercase');
    expect(unmetPasswordRules('ÄÖÜÉÀÈÇ1!x', EVERY_CLASS)).toContain('uppercase');
  });

  it("counts Cognito's special characters and an inner space as symbols, nothing else", () => {
    for (const symbol of PASSWORD_SYMBOLS) {
      expect(unmetPasswordRules(`Abcdefg1${symbol}`, EVERY_CLASS), symbol).toEqual([]);
    }
    expect(unmetPasswordRules('Abcd efg1', EVERY_CLASS)).toEqual([]);
    expect(unmetPasswordRules('Abcdefg1§', EVERY_CLASS)).toEqual(['symbol']);
    expect(unmetPasswordRules('Abcdefg1€', EVERY_CLASS)).toEqual(['symbol']);
  });
});

describe('hasEdgeWhitespace', () => {
  it('refuses leading or trailing whitespace, which Cognito rejects before the policy', () => {
    expect(hasEdgeWhitespace(' Abcdefghij12')).toBe(true);
    expect(hasEdgeWhitespace('Abcdefghij12 ')).toBe(true);
    expect(hasEdgeWhitespace('Abcdefghij12\t')).toBe(true);
    expect(hasEdgeWhitespace('Abcdef ghij12')).toBe(false);
    expect(isPasswordAcceptable(' Abcdefghij12')).toBe(false);
  });
});
