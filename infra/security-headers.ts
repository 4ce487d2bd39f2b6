/**
 * The storefront's security headers, defined once: CloudFront's response headers policy
 * (infra/cdk/constructs/website.ts) is built from this, and the local web server
 * (infra/local/web-server.ts) sends the same headers, so the browser tests run under the policy
 * that shoppers get. Only the origins differ: AWS's Cognito, the media bucket and Stripe
 * Checkout in the cloud, their stand-ins on loopback ports locally.
 */

/** Where hosted Stripe Checkout lives; the checkout sends the shopper there to pay. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** One year, as HSTS preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The origins, besides the site's own, that the app talks to; each as `scheme://host[:port]`. */
export interface SiteOrigins {
  /** Cognito's user pool API, which signs shoppers in straight from the browser. */
  readonly cognito: string;
  /** Where the admin's browser posts product photos (the media bucket's presigned POST). */
  readonly mediaUploads: string;
  /** The hosted payment page the checkout hands the shopper over to. */
  readonly stripeCheckout: string;
  /**
   * Hosts product images may be loaded from besides the site itself. Uploaded photos are served
   * by the site under /media/ and the seeded ones under /images/, so none by default.
   */
  readonly imageHosts?: readonly string[];
  /**
   * Whether the site and everything it loads is HTTPS (the cloud). The local stand-ins speak
   * plain HTTP, where `upgrade-insecure-requests` would send the browser to HTTPS ports nobody
   * listens on.
   */
  readonly httpsOnly: boolean;
}

/**
 * Powerful features the shop never uses, switched off for it and anything it might embed. Only
 * names Chromium knows: an unknown one is a console error in every browser test. The clipboard
 * stays (the admin copies promo codes).
 */
const DISABLED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DISABLED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * The Content Security Policy. Scripts come only from the site's own files: no inline script,
 * no event handler attributes, no eval (the JSON in `<script type="application/json">` elements
 * is data the browser never runs, so the policy does not concern it).
 */
export function contentSecurityPolicy(origins: SiteOrigins): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    // The prerendered pages carry style attributes (a product card's `--card-index`), which only
    // 'unsafe-inline' allows; a style cannot run code, and script-src stays strict.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', ...(origins.imageHosts ?? [])].join(' '),
    "font-src 'self' data:",
    // The API is this origin's /api/*.
    `connect-src 'self' ${origins.cognito} ${origins.mediaUploads}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${origins.stripeCheckout}`,
    "frame-ancestors 'none'",
    ...(origins.httpsOnly ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * The headers as structured values: CloudFront's policy takes most of them as typed settings
 * rather than as header lines (it refuses them as custom headers).
 */
export interface SecurityHeaders {
  readonly contentSecurityPolicy: string;
  readonly strictTransportSecurity: { readonly maxAgeSeconds: number; readonly includeSubdomains: boolean };
  readonly contentTypeOptions: 'nosniff';
  /** For browsers older than `frame-ancestors`. */
  readonly frameOptions: 'DENY';
  readonly referrerPolicy: 'strict-origin-when-cross-origin';
  readonly permissionsPolicy: string;
}

export function securityHeaders(origins: SiteOrigins): SecurityHeaders {
  return {
    contentSecurityPolicy: contentSecurityPolicy(origins),
    strictTransportSecurity: { maxAgeSeconds: HSTS_MAX_AGE_SECONDS, includeSubdomains: true },
    contentTypeOptions: 'nosniff',
    frameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: PERMISSIONS_POLICY,
  };
}

/**
 * The same headers as an HTTP server writes them (lower-case names), as CloudFront writes them
 * from its policy.
 */
export function securityHeaderLines(headers: SecurityHeaders): Record<string, string> {
  const hsts = headers.strictTransportSecurity;
  return {
    'content-security-policy': headers.contentSecurityPolicy,
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': headers.contentTypeOptions,
    'x-frame-options': headers.frameOptions,
    'referrer-policy': headers.referrerPolicy,
    'permissions-policy': headers.permissionsPolicy,
  };
}
