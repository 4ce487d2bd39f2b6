// Renders one page with the built renderer in plain Node, as the pipeline will:
//   npm run build -w @linea/web && npm run build:ssr -w @linea/web
//   node web/scripts/ssr-smoke.mjs [path] [en|de]
// Prints the status and the page's <h1>, and fails without one.
import { readFileSync } from 'node:fs';

const dir = new URL('..', import.meta.url);
const [path = '/size-guide', locale = 'en'] = process.argv.slice(2);
const { renderPage } = await import(new URL('dist-server/render.js', dir).href);

const { status, html } = await renderPage({
  url: path,
  locale,
  config: {
    apiUrl: '/api',
    region: 'eu-central-2',
    userPoolId: 'eu-central-2_Smoke123',
    userPoolClientId: 'smoke',
    cognitoEndpoint: null,
    authFlow: 'USER_SRP_AUTH',
    stage: 'smoke',
  },
  catalogue: { products: [] },
  template: readFileSync(new URL('dist/index.html', dir), 'utf8'),
});
const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]*>/g, '');
console.log(`${status} ${path} (${locale}): ${heading ?? 'no <h1>'}, ${html.length} characters`);
if (!heading) process.exit(1);
