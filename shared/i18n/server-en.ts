/** An order's status as the shopper reads it (order pages, emails, the assistant). */
export const orderStatusesEn = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

/**
 * The footer every email ends with, and the newsletter's own line under it: apart, as well as in
 * serverEn, so the newsletter send takes these alone (newsletterEmailTexts in server.ts).
 */
export const emailFooterEn = 'LINEA · Elevated essentials, timeless design · Zürich, Switzerland';
export const newsletterEmailEn = {
  unsubscribe: 'Unsubscribe from the LINEA newsletter',
} as const;

/**
 * The texts the server sends (emails, the payment page's lines, order statuses), in English: the
 * one place they are written. The functions import only this slice (shared/i18n/server.ts), not
 * the storefront's dictionaries; the storefront's (en.ts) take the order statuses from here, and
 * leave the emails' and the payment page's texts out of the web app's bundle.
 */
export const serverEn = {
  email: {
    footer: emailFooterEn,
    newsletter: newsletterEmailEn,
    newsletterConfirmation: {
      subject: 'Please confirm your LINEA newsletter subscription',
      heading: 'One click to confirm',
      body: 'Someone, hopefully you, asked to receive the LINEA newsletter at this address. Please confirm that you want it.',
      cta: 'Confirm subscription',
      ignore:
        'The link works for 7 days. If you did not ask for it, ignore this email: you will not be subscribed, and we forget the address.',
    },
    newsletterAlreadySubscribed: {
      subject: 'You already receive the LINEA newsletter',
      heading: 'You are already subscribed',
      body: 'Someone, hopefully you, asked to subscribe this address to the LINEA newsletter. It is already on our list, so nothing has changed. If it was not you, you can ignore this email.',
      cta: 'Discover the collection',
    },
    newsletterWelcome: {
      subject: 'Welcome to LINEA',
      heading: 'Thank you for subscribing',
      body: 'You will be the first to hear about new essentials, limited editions and stories from our studio. No noise, only what matters.',
      cta: 'Discover the collection',
    },
    contactMessage: {
      subject: 'Contact message',
      heading: 'New message from the contact form',
      from: 'From',
      received: 'Received',
      receivedAt: '{{date}}, {{time}} (Zürich time)',
      language: 'Language',
      message: 'Message',
    },
    contactAcknowledgement: {
      subject: 'We have received your message',
      heading: 'Thank you for your message',
      body: 'Your message has reached us. We will reply within {{hours}} hours.',
      replyHint: 'Would you like to add something? Simply reply to this email.',
      notYou: 'If you did not write to us, you can ignore this email.',
    },
    accountCode: {
      signUpSubject: 'Your LINEA confirmation code',
      signUpHeading: 'Confirm your email address',
      signUpBody:
        'Enter this code on the sign-up page to confirm that this address is yours. It is valid for 24 hours.',
      resetSubject: 'Reset your LINEA password',
      resetHeading: 'Set a new password',
      resetBody: 'Enter this code with your new password to reset it. It is valid for 1 hour.',
      verifySubject: 'Your LINEA verification code',
      verifyHeading: 'Confirm your email address',
      verifyBody: 'Enter this code to confirm your email address. It is valid for 24 hours.',
      codeLabel: 'Your code',
      invitationSubject: 'Your LINEA account',
      invitationHeading: 'Your LINEA account is ready',
      invitationBody:
        'Sign in with this email address and the temporary password below. You will choose your own password when you first sign in. The temporary password is valid for 7 days.',
      temporaryPasswordLabel: 'Temporary password',
      notYou: 'If you did not ask for this, you can ignore this email: nothing changes without the code.',
    },
    orderStatusUpdate: {
      subject: 'Your LINEA order {{number}}: {{status}}',
      heading: 'News about your order, {{name}}',
      status: 'Your order {{number}} is now: {{status}}.',
      unchanged: 'Here is news about your order {{number}} (status: {{status}}).',
      messageLabel: 'A note from us',
      tracking: 'Your parcel travels with {{carrier}}, tracking number {{trackingNumber}}.',
      trackingNoCarrier: 'Tracking number: {{trackingNumber}}.',
      track: 'Track your parcel',
      view: 'View your order',
      cancelled: 'If you have paid, the amount is refunded to your card within a few days.',
    },
    orderConfirmation: {
      subject: 'Your LINEA order {{number}}',
      preview: 'We have received your order {{number}}.',
      heading: 'Thank you for your order, {{name}}',
      intro: 'We have received your order and are getting it ready. Here is your summary.',
      orderNumber: 'Order number',
      orderDate: 'Order date',
      item: 'Item',
      quantity: 'Qty',
      amount: 'Amount',
      options: 'Size {{size}} · Color {{color}}',
      subtotal: 'Subtotal',
      shipping: 'Shipping',
      shippingFree: 'Free',
      discount: 'Discount',
      discountWithCode: 'Discount ({{code}})',
      total: 'Total',
      vatIncluded: 'incl. VAT {{rate}} %: {{amount}}',
      shippingAddress: 'Shipping address',
      nextHeading: 'What happens next',
      nextText: 'We will pack your order with care and dispatch it within {{min}}–{{max}} business days.',
      cta: 'View your order',
    },
  },
  /** What the payment provider's hosted page shows for the order. */
  payment: {
    shippingRate: 'Standard shipping, Switzerland',
    discount: 'Discount',
  },
  orderStatuses: orderStatusesEn,
} as const;

/** A dictionary's shape with its texts widened from literals to strings: what a translation must have. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's server texts have: en's keys, any strings. */
export type ServerTexts = Widen<typeof serverEn>;
