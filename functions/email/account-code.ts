import type { Locale } from '@linea/shared/domain/money';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { renderEmail, type RenderedEmail } from './layout';

/**
 * Why Cognito sends a code: to confirm a new account's email, to reset a password, to verify an
 * address, or (an account an administrator created) the temporary password to sign in with.
 */
export type CodePurpose = 'signUp' | 'resetPassword' | 'verifyEmail' | 'invitation';

/**
 * The code a customer types, set apart so it is found at a glance, with how long it holds (as
 * Cognito keeps it: 24 hours for a sign-up or verification, 1 hour for a reset, 7 days for a
 * temporary password) and that nothing happens if they did not ask for it.
 */
export function accountCodeEmail(purpose: CodePurpose, code: string, locale: Locale): RenderedEmail {
  const dictionary = serverDictionaries[locale].email;
  const t = dictionary.accountCode;
  const texts = {
    signUp: { subject: t.signUpSubject, heading: t.signUpHeading, body: t.signUpBody, label: t.codeLabel },
    resetPassword: { subject: t.resetSubject, heading: t.resetHeading, body: t.resetBody, label: t.codeLabel },
    verifyEmail: { subject: t.verifySubject, heading: t.verifyHeading, body: t.verifyBody, label: t.codeLabel },
    invitation: {
      subject: t.invitationSubject,
      heading: t.invitationHeading,
      body: t.invitationBody,
      label: t.temporaryPasswordLabel,
    },
  }[purpose];
  return renderEmail({
    lang: locale,
    subject: texts.subject,
    heading: texts.heading,
    paragraphs: [texts.body],
    code: { label: texts.label, value: code },
    closing: [t.notYou],
    footer: dictionary.footer,
  });
}
