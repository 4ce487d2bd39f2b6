/**
 * Local only, in front of the CustomEmailSender trigger: cognito-local has no
 * ResendConfirmationCode, so the guard (cognito-password-guard.ts) makes that call as a
 * ForgotPassword marked with RESEND_MARKER in its client metadata. Such an event is given back
 * its true source, `CustomEmailSender_ResendCode`, without the marker, before the shop's own
 * trigger (functions/triggers.ts) sees it; every other event passes through unchanged.
 */
import type { Context } from 'aws-lambda';
import { cognitoTriggers } from '../../functions/triggers';
import { RESEND_MARKER } from './cognito-password-guard';
import { loadHandler } from './handlers';

interface SenderEvent {
  triggerSource?: string;
  request?: { clientMetadata?: Record<string, string> | null } & Record<string, unknown>;
}

export function restoreResendSource<T extends SenderEvent>(event: T): T {
  const metadata = event.request?.clientMetadata;
  if (event.triggerSource !== 'CustomEmailSender_ForgotPassword' || !metadata?.[RESEND_MARKER]) return event;
  const { [RESEND_MARKER]: _marker, ...rest } = metadata;
  return {
    ...event,
    triggerSource: 'CustomEmailSender_ResendCode',
    request: { ...event.request, clientMetadata: rest },
  };
}

export async function handler(event: SenderEvent, context: Context): Promise<unknown> {
  const send = await loadHandler(cognitoTriggers.CustomEmailSender);
  return send(restoreResendSource(event), context);
}
