/**
 * The security headers as the browser gets them from the local web server (issue 15): the same
 * definition as CloudFront's policy (infra/security-headers.ts) with the stand-ins' origins, on
 * pages, files and API answers alike, and a Content Security Policy that is live: a script
 * injected into the page does not run, and the e2e guard (policy-guard.ts) sees the refusal.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { securityHeaderLines, securityHeaders } from '../../infra/security-headers';
import { browserForSuite, eventually, signInThroughUi, signUpShopper, takePolicyReports } from './browser';

const shop = inject('shop');
const browser = browserForSuite(shop.webUrl);

/** What every answer must carry: the one definition, with the local cloud's origins. */
const expected = securityHeaderLines(
  securityHeaders({
    cognito: shop.cognitoEndpoint,
    mediaUploads: shop.s3Endpoint,
    stripeCheckout: shop.stripeApiUrl,
    httpsOnly: false,
  }),
);

/** A page's response or one of page.request's: both tell their headers the same way. */
interface Answer {
  headers(): Record<string, string>;
}

function expectSecurityHeaders(response: Answer | null, what: string): void {
  expect(response, what).not.toBeNull();
  const headers = (response as Answer).headers();
  for (const [name, value] of Object.entries(expected)) expect(headers[name], `${name} of ${what}`).toBe(value);
}

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  it('come with prerendered pages, the app shell, the not-found page, files and images', async () => {
    const { page, context, problems } = await browser.openShop();
    const answers: Array<[string, number]> = [
      ['/product/merino-crew-sweater', 200],
      ['/checkout', 200],
      ['/product/no-such-product', 404],
      ['/favicon.svg', 200],
      ['/images/products/merino-crew-sweater-1.svg', 200],
    ];
    for (const [path, status] of answers) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      expectSecurityHeaders(response, path);
    }
    await context.close();
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  it('allow scripts from the site alone and talk to the API, cognito-local and the uploads bucket only', () => {
    const csp = directives(expected['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", shop.cognitoEndpoint, shop.s3Endpoint]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('form-action')).toEqual(["'self'", shop.stripeApiUrl]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("come with the API's answers, a signed-in shopper's kept out of every cache", async () => {
    const shopper = await signUpShopper(shop);
    const { page, context, problems } = await browser.openShop();
    const products = await page.request.get('/api/products');
    expect(products.status()).toBe(200);
    expectSecurityHeaders(products, 'GET /api/products');

    const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
    await signInThroughUi(page, shopper);
    const personal = await me;
    expect(personal.status()).toBe(200);
    expect(personal.headers()['cache-control']).toBe('private, no-store');
    expectSecurityHeaders(personal, 'GET /api/me');
    await context.close();
    expect(problems).toEqual([]);
  });
});

/** Adds an element to the page and waits for the policy's refusal of it (or, failing that, for it to run). */
function provoke(page: Page, kind: 'inline script' | 'event handler'): Promise<{ directive: string; ran: boolean }> {
  return page.evaluate(
    (kind) =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        const ran = () => (window as { injectedRan?: boolean }).injectedRan === true;
        document.addEventListener(
          'securitypolicyviolation',
          // The refusal is reported before the element would have run; give it that moment.
          (event) => setTimeout(() => resolve({ directive: event.effectiveDirective, ran: ran() }), 100),
          { once: true },
        );
        setTimeout(() => resolve({ directive: 'none reported', ran: ran() }), 2000);
        if (kind === 'inline script') {
          const script = document.createElement('script');
          script.textContent = 'window.injectedRan = true;';
          document.body.append(script);
        } else {
          const button = document.createElement('button');
          button.setAttribute('onclick', 'window.injectedRan = true;');
          document.body.append(button);
          button.click();
        }
      }),
    kind,
  );
}

describe('the Content Security Policy', () => {
  it('refuses a script injected into a page, inline or as an event handler, and the suite sees it', async () => {
    const { page, context } = await browser.openShop();
    await page.goto('/product/merino-crew-sweater');
    await page.getByRole('heading', { level: 1, name: 'Merino Crew Sweater' }).waitFor();

    expect(await provoke(page, 'inline script')).toEqual({ directive: 'script-src-elem', ran: false });
    expect(await provoke(page, 'event handler')).toEqual({ directive: 'script-src-attr', ran: false });

    // Chromium's console lines about both refusals: what fails any other test (policy-guard.ts).
    const reports: string[] = [];
    await eventually(() => {
      reports.push(...takePolicyReports());
      return reports.length;
    }).toBeGreaterThanOrEqual(2);
    expect(reports).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/inline script violates .*Content Security Policy directive 'script-src 'self''/),
        expect.stringMatching(/inline event handler violates .*Content Security Policy directive 'script-src 'self''/),
      ]),
    );
    await context.close();
  });
});
