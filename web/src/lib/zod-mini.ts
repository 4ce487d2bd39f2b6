/**
 * The zod the web app validates with: the contracts' (shared/contracts/zod-mini.ts, with its
 * English issue texts), without its `new Function` probe. The site's CSP has no 'unsafe-eval',
 * and the probe, though caught, would be reported as a violation. Global, like the texts: every
 * module of the app that parses imports this one, or the API client (api/client.ts), which does.
 *
 * Never on the start-up path (web/vite.config.ts keeps zod out of the entry): the runtime
 * config, the saved cart and the pages that call the API load it when they need it.
 */
import { config } from '@linea/shared/contracts/zod-mini';

config({ jitless: true });

export * from '@linea/shared/contracts/zod-mini';
