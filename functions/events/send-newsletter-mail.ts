import type { Context, EventBridgeEvent } from 'aws-lambda';
import { newsletterAlreadySubscribedEmail, newsletterConfirmationEmail } from '../email/newsletter-confirmation';
import { newsletterWelcomeEmail } from '../email/newsletter-welcome';
import { config } from '../lib/config';
import { eventConsumer } from '../lib/event-consumer';
import { sendEventEmailOnce } from '../services/send-email-once';

const onSubscribed = eventConsumer('NewsletterSubscribed', async (detail, event) => {
  await sendEventEmailOnce(event, detail.email, newsletterWelcomeEmail(detail.locale, config().webUrl), {
    kind: 'newsletter-welcome',
  });
});
const onConfirmationRequested = eventConsumer('NewsletterConfirmationRequested', async (detail, event) => {
  await sendEventEmailOnce(
    event,
    detail.email,
    newsletterConfirmationEmail(detail.locale, config().webUrl, detail.email, detail.token),
    { kind: 'newsletter-confirmation', perAddressCooldown: true },
  );
});
const onAlreadySubscribed = eventConsumer('NewsletterAlreadySubscribed', async (detail, event) => {
  await sendEventEmailOnce(event, detail.email, newsletterAlreadySubscribedEmail(detail.locale, config().webUrl), {
    kind: 'newsletter-already-subscribed',
    perAddressCooldown: true,
  });
});

type NewsletterMailEvent = EventBridgeEvent<
  'NewsletterSubscribed' | 'NewsletterConfirmationRequested' | 'NewsletterAlreadySubscribed',
  unknown
>;

/**
 * The newsletter's own emails, one consumer (and one rule) for all three: the double opt-in's
 * confirmation link, the note to an address that is already subscribed, and the welcome once
 * confirmed. Anything else throws, so it is retried and dead-lettered rather than lost. Each is
 * sent once per event, however often the bus delivers it. The first two answer a sign-up, which
 * anyone can make for any address: an address gets one of each kind in MAIL_COOLDOWN_SECONDS
 * (a pending sign-up keeps its token, so the link it was sent still works).
 */
export async function handler(event: NewsletterMailEvent, context?: Pick<Context, 'functionName'>): Promise<void> {
  switch (event['detail-type']) {
    case 'NewsletterConfirmationRequested':
      return onConfirmationRequested(event as EventBridgeEvent<'NewsletterConfirmationRequested', unknown>, context);
    case 'NewsletterAlreadySubscribed':
      return onAlreadySubscribed(event as EventBridgeEvent<'NewsletterAlreadySubscribed', unknown>, context);
    default:
      // The welcome's consumer checks the detail-type itself: any other type is an error.
      return onSubscribed(event as EventBridgeEvent<'NewsletterSubscribed', unknown>, context);
  }
}
