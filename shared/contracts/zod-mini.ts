/**
 * The zod the contracts are written with: the "mini" build, whose schemas are plain values and
 * whose checks are functions (`z.string().check(z.trim(), z.maxLength(200))`), so a bundle keeps
 * only what its schemas use: ~50 KiB in a Lambda function instead of classic zod's ~90. Classic
 * code may still use these schemas (`z.infer`, `z.object({ field: contract })`, `z.safeParse`).
 *
 * Mini has no error texts of its own: the English ones are configured here, once for every
 * module that reads a contract, so the server's 400 answers and the forms say "Invalid email
 * address" rather than "Invalid input". (Global: the web app adds its own settings beside them.)
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
