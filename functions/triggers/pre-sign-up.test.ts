import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from './pre-sign-up';

describe('PreSignUp trigger', () => {
  it('confirms the account without claiming the email is verified', async () => {
    const event = {
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'lea@example.ch' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    } as unknown as PreSignUpTriggerEvent;
    const result = await handler(event);
    expect(result.response.autoConfirmUser).toBe(true);
    expect(result.response.autoVerifyEmail).toBe(false);
  });
});
