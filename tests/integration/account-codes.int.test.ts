/**
 * The codes Cognito sends (confirming an email, resetting a password) reach the mailbox through
 * the CustomEmailSender trigger: cognito-local encrypts each with the local KMS key, as Cognito
 * does with the pool's key, and the trigger decrypts it and sends it through SES.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints, signIn, signUp, uniqueEmail, waitForEmail, waitForEmailWhere, type Email } from './helpers';

const client = new CognitoIdentityProviderClient({
  endpoint: endpoints().cognitoEndpoint,
  region: endpoints().region,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
afterAll(() => client.destroy());

const codeIn = (text: string | undefined): string => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

const outcome = (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => 'accepted',
    (err: Error) => err.name,
  );

/** Signs up through the app client, as the web app does; the account stays unconfirmed. */
async function signUpUnconfirmed(locale?: string) {
  const email = uniqueEmail('codes');
  const password = `Pw-${crypto.randomUUID()}-Aa1`;
  await client.send(
    new SignUpCommand({
      ClientId: endpoints().userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Lea' },
        { Name: 'family_name', Value: 'Meier' },
      ],
      ...(locale ? { ClientMetadata: { locale } } : {}),
    }),
  );
  return { email, password };
}

async function emailVerified(email: string): Promise<string | undefined> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: endpoints().userPoolId, Username: email }));
  return user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value;
}

const mailsTo = async (email: string): Promise<Email[]> =>
  ((await (await fetch(`${endpoints().mailboxUrl}/store`)).json()) as { emails: Email[] }).emails.filter((mail) =>
    mail.destination.to.includes(email),
  );

describe('a sign-up', () => {
  it('mails a code in the language asked; only that code confirms the account, which then signs in verified', async () => {
    const shopper = await signUpUnconfirmed('de');
    const mail = await waitForEmailWhere(
      (email) => email.destination.to.includes(shopper.email) && email.subject === 'Ihr LINEA-Bestätigungscode',
      'the sign-up code',
    );
    expect(mail.from).toBe('shop@linea.local');
    expect(mail.body.text).toContain('Er ist 24 Stunden gültig.');
    expect(mail.body.text).toContain('können Sie diese E-Mail ignorieren');
    const code = codeIn(mail.body.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.body.html).toContain(`>${code}</p>`);

    await expect(signIn(shopper.email, shopper.password)).rejects.toThrow(
      expect.objectContaining({ name: 'UserNotConfirmedException' }),
    );
    const confirm = (confirmationCode: string) =>
      outcome(
        client.send(
          new ConfirmSignUpCommand({
            ClientId: endpoints().userPoolClientId,
            Username: shopper.email,
            ConfirmationCode: confirmationCode,
          }),
        ),
      );
    expect(await confirm(code === '000000' ? '111111' : '000000')).toBe('CodeMismatchException');
    expect(await emailVerified(shopper.email)).not.toBe('true');
    expect(await confirm(code)).toBe('accepted');
    expect(await emailVerified(shopper.email)).toBe('true');
    expect(await signIn(shopper.email, shopper.password)).toBeTruthy();
  });

  it('sends a new code on request (in English without a language), and the new one confirms', async () => {
    const shopper = await signUpUnconfirmed();
    const first = await waitForEmailWhere(
      (email) => email.destination.to.includes(shopper.email) && email.subject === 'Your LINEA confirmation code',
      'the sign-up code',
    );
    expect(first.body.text).toContain('It is valid for 24 hours.');
    await client.send(
      new ResendConfirmationCodeCommand({ ClientId: endpoints().userPoolClientId, Username: shopper.email }),
    );
    await expect.poll(async () => (await mailsTo(shopper.email)).length).toBe(2);
    const second = (await mailsTo(shopper.email))[1];
    expect(second?.subject).toBe('Your LINEA confirmation code');
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: endpoints().userPoolClientId,
        Username: shopper.email,
        ConfirmationCode: codeIn(second?.body.text),
      }),
    );
    expect(await signIn(shopper.email, shopper.password)).toBeTruthy();
    // A confirmed account gets no more sign-up codes.
    expect(
      await outcome(
        client.send(
          new ResendConfirmationCodeCommand({ ClientId: endpoints().userPoolClientId, Username: shopper.email }),
        ),
      ),
    ).toBe('InvalidParameterException');
  });
});

describe('a forgotten password', () => {
  it('sends the code to the mailbox in the language asked, and the code sets a new password', async () => {
    const shopper = await signUp();
    await client.send(
      new ForgotPasswordCommand({
        ClientId: endpoints().userPoolClientId,
        Username: shopper.email,
        ClientMetadata: { locale: 'de' },
      }),
    );
    const mail = await waitForEmailWhere(
      (email) => email.destination.to.includes(shopper.email) && email.subject === 'Ihr LINEA-Passwort zurücksetzen',
      'the reset code',
    );
    expect(mail.body.text).toContain('Er ist 1 Stunde gültig.');
    const code = codeIn(mail.body.text);
    expect(code).toMatch(/^\d{6}$/);

    const newPassword = `${shopper.password}-Reset1`;
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: endpoints().userPoolClientId,
        Username: shopper.email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    );
    expect(await signIn(shopper.email, newPassword)).toBeTruthy();
    await expect(signIn(shopper.email, shopper.password)).rejects.toThrow(/Incorrect username or password/);
  });

  it('sends no code to an email that was never verified, nor to an unknown one', async () => {
    const unconfirmed = await signUpUnconfirmed();
    const forgot = (email: string) =>
      outcome(client.send(new ForgotPasswordCommand({ ClientId: endpoints().userPoolClientId, Username: email })));
    expect(await forgot(unconfirmed.email)).toBe('InvalidParameterException');
    // cognito-local says so where Cognito (preventUserExistenceErrors) pretends; the web app treats both alike.
    expect(await forgot(uniqueEmail('nobody'))).toBe('UserNotFoundException');
    await waitForEmailWhere((email) => email.destination.to.includes(unconfirmed.email), 'the sign-up code');
    expect((await mailsTo(unconfirmed.email)).map((mail) => mail.subject)).toEqual(['Your LINEA confirmation code']);
  });

  it("keeps the shop's own emails apart from the codes for helpers that wait for them", async () => {
    const shopper = await signUp();
    await waitForEmailWhere((email) => email.destination.to.includes(shopper.email), 'the sign-up code');
    await expect(waitForEmail(shopper.email, 300)).rejects.toThrow(/No email/);
  });

  it('refuses a wrong code and a new password the policy refuses', async () => {
    const shopper = await signUp();
    await client.send(new ForgotPasswordCommand({ ClientId: endpoints().userPoolClientId, Username: shopper.email }));
    const mail = await waitForEmailWhere(
      (email) => email.destination.to.includes(shopper.email) && email.subject === 'Reset your LINEA password',
      'the reset code',
    );
    const code = codeIn(mail.body.text);
    const confirm = (confirmationCode: string, password: string) =>
      client
        .send(
          new ConfirmForgotPasswordCommand({
            ClientId: endpoints().userPoolClientId,
            Username: shopper.email,
            ConfirmationCode: confirmationCode,
            Password: password,
          }),
        )
        .then(
          () => 'accepted',
          (err: Error) => err.name,
        );
    expect(await confirm(code, 'short')).toBe('InvalidPasswordException');
    expect(await confirm(code === '000000' ? '111111' : '000000', `${shopper.password}-X1`)).toBe(
      'CodeMismatchException',
    );
  });
});
