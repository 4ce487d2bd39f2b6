import * as z from './zod-mini';

/** The page path CloudFront found no page for, under `/pages/` (`de/product/no-such-id.html`). */
export const missingPageParams = z.strictObject({ page: z.string().check(z.minLength(1), z.maxLength(500)) });
