/**
 * The Stripe SDK for the Lambda bundles, with only the API resources the shop calls
 * (STRIPE_RESOURCES in functions/lib/clients/stripe-resources.ts).
 *
 * Why: the SDK's constructor builds every one of its ~250 resources (`this.invoices = new
 * InvoiceResource(this)`, …) and imports the catalogue of them all, so esbuild keeps them all:
 * ~165 KiB of each Stripe function's bundle. The bundler cannot be told otherwise (CDK runs
 * the esbuild CLI: no plugins), but it can alias `stripe` to a file. So this derives, from the
 * installed SDK, a copy of its Node entry (`esm/stripe.esm.node.js`, which holds the `Stripe` class
 * itself) in which only the sections that Stripe generates from its OpenAPI spec are cut down; its
 * imports point back into the installed package, so the request sender, retries, idempotency keys,
 * errors and webhook signature checks are the SDK's own, byte for byte.
 *
 * The copy lives in node_modules/.cache (ignored, rebuilt from the installed version), in a folder
 * named after the SDK version and a hash of the derived file, so parallel syntheses never write
 * over each other's files. After a Stripe upgrade that moves the generated sections, synthesis
 * fails naming the marker it could not find, rather than bundle something half-pruned.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { STRIPE_RESOURCES } from '../../../functions/lib/clients/stripe-resources';
import { REPO_ROOT } from '../paths';

const GENERATED = 'The beginning of the section generated from our OpenAPI spec';
const GENERATED_END = 'The end of the section generated from our OpenAPI spec';
/** The section of the constructor that builds every resource. */
const INIT_SECTION = 'StripeInitInstanceVariables';
/** The section importing the resource classes that the constructor builds. */
const IMPORT_SECTION = 'StripeInstanceImports';
const CATALOGUE_IMPORT = "import * as resources from './resources.js';";
/**
 * The handler of Stripe's v2 event notifications (~13 KiB, with the list of every v2 event type),
 * which `notificationHandler()` builds. The shop takes v1 webhook events, and ShopStripe has no
 * such method, so the bundles carry a class that says so instead.
 */
const V2_NOTIFICATIONS_IMPORT =
  "import { StripeEventNotificationHandler, } from './StripeEventNotificationHandler.js';";
const V2_NOTIFICATIONS_STUB =
  'class StripeEventNotificationHandler { constructor() { throw new Error("Stripe v2 event notifications are not in this bundle (infra/cdk/bundling/stripe-pruned.ts)"); } static withoutVerification() { return new StripeEventNotificationHandler(); } }';
const ENTRY = 'the Node entry of the SDK';

interface Section {
  readonly name: string;
  /** Index of the first line after the beginning marker. */
  readonly start: number;
  /** Index of the end marker. */
  readonly end: number;
}

function fail(what: string): never {
  throw new Error(
    `Cannot prune the Stripe SDK for the Lambda bundles (infra/cdk/bundling/stripe-pruned.ts): ${what}. ` +
      'A Stripe upgrade probably changed the layout of the SDK; adapt the pruning to it.',
  );
}

/** Every generated section of the file, by the name its markers carry. */
function generatedSections(lines: readonly string[]): Section[] {
  const sections: Section[] = [];
  lines.forEach((line, index) => {
    const begin = /^\s*\/\/ (\w+): (.*)$/.exec(line);
    if (!begin || begin[2] !== GENERATED) return;
    const name = begin[1] as string;
    const end = lines.findIndex((other, at) => at > index && other.trim() === `// ${name}: ${GENERATED_END}`);
    if (end < 0) fail(`${ENTRY} opens the generated section ${name} and never closes it`);
    sections.push({ name, start: index + 1, end });
  });
  return sections;
}

function requireSection(sections: readonly Section[], name: string): Section {
  return (
    sections.find((section) => section.name === name) ??
    fail(`${ENTRY} has no section marked "// ${name}: ${GENERATED}"`)
  );
}

/**
 * The SDK's Node entry with only the resources named in `keep` (properties of the client, such as
 * `checkout` or `coupons`): the constructor builds only those, only their classes are imported, and
 * the catalogue of all resources (`Stripe.resources`, which only the SDK's unused `_prepResources`
 * reads) is empty, and the v2 event notification handler is a stub. `resourcesJs` is the SDK's `resources.js`, where the entry's other named imports
 * from it (`OAuthResource`) are looked up, so they are imported from their own modules.
 */
export function pruneStripeEntry(entry: string, resourcesJs: string, keep: readonly string[]): string {
  const lines = entry.split('\n');
  const sections = generatedSections(lines);
  const init = requireSection(sections, INIT_SECTION);
  requireSection(sections, IMPORT_SECTION);

  const keptClasses = new Set<string>();
  const found = new Set<string>();
  const drop = new Set<number>();
  for (let index = init.start; index < init.end; index++) {
    const line = lines[index] as string;
    const built = /^\s*this\.(\w+) = new (\w+)\(this\);$/.exec(line);
    if (!built) {
      if (line.trim()) fail(`unexpected line in ${INIT_SECTION}: ${line.trim()}`);
      continue;
    }
    const [, property, className] = built as unknown as [string, string, string];
    found.add(property);
    if (keep.includes(property)) keptClasses.add(className);
    else drop.add(index);
  }
  const unknown = keep.filter((property) => !found.has(property));
  if (unknown.length) fail(`the client builds no resource named ${unknown.join(', ')}`);

  // Every other generated section of imports (V1EventImports, …) is cut the same way.
  const imported = new Set<string>();
  for (const section of sections.filter((s) => s.name !== INIT_SECTION)) {
    for (let index = section.start; index < section.end; index++) {
      const line = lines[index] as string;
      const named = /^import \{ (\w+),? \} from '\.\/resources\/[\w/]+\.js';$/.exec(line);
      if (!named) {
        if (line.trim()) fail(`unexpected line in ${section.name}: ${line.trim()}`);
        continue;
      }
      const className = named[1] as string;
      if (keptClasses.has(className)) imported.add(className);
      else drop.add(index);
    }
  }
  const unimported = [...keptClasses].filter((className) => !imported.has(className));
  if (unimported.length) fail(`no generated import of ${unimported.join(', ')}`);

  for (const expected of [CATALOGUE_IMPORT, V2_NOTIFICATIONS_IMPORT]) {
    if (!lines.some((line) => line.trim() === expected)) fail(`${ENTRY} no longer has \`${expected}\``);
  }
  return lines
    .filter((_, index) => !drop.has(index))
    .map((line) => {
      if (line.trim() === CATALOGUE_IMPORT) return 'const resources = Object.freeze({});';
      if (line.trim() === V2_NOTIFICATIONS_IMPORT) return V2_NOTIFICATIONS_STUB;
      const fromCatalogue = /^import \{ ([\w, ]+) \} from '\.\/resources\.js';$/.exec(line);
      if (!fromCatalogue) return line;
      return (fromCatalogue[1] as string)
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => {
          const from =
            new RegExp(`^export \\{ (?:\\w+ as )?${name} \\} from '(\\./resources/[\\w/]+\\.js)';$`, 'm').exec(
              resourcesJs,
            )?.[1] ?? fail(`resources.js no longer exports ${name} from a module of its own`);
          return `import { ${name} } from '${from}';`;
        })
        .join('\n');
    })
    .join('\n');
}

/** Relative imports made absolute into the installed package, and its source map comment dropped (it would not match). */
function pointInto(source: string, esmDir: string): string {
  const pointed = source
    .replace(
      / from '(\.\/[^']+)';/g,
      (_, specifier: string) => ` from ${JSON.stringify(path.join(esmDir, specifier))};`,
    )
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  // Anything still relative would be looked for in the cache folder, where nothing else is.
  const relative = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]\.\.?\/[^'"]*['"]/.exec(pointed);
  if (relative) fail(`${ENTRY} has a relative import the pruning does not rewrite: ${relative[0]}`);
  return pointed;
}

function isStripeRoot(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'stripe';
}

/** The installed SDK, as the functions resolve it. */
function installedStripe(): { root: string; version: string; nodeEntry: string } {
  const require = createRequire(path.join(REPO_ROOT, 'functions', 'package.json'));
  // `exports` hides the package.json, so it is found above the entry that `require` resolves
  // (cjs/, which has a package.json of its own without a name).
  let root = path.dirname(require.resolve('stripe'));
  while (!isStripeRoot(root) && path.dirname(root) !== root) root = path.dirname(root);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
    exports?: { default?: { import?: { default?: unknown } } };
  };
  const nodeEntry = pkg.exports?.default?.import?.default;
  if (pkg.name !== 'stripe' || !pkg.version || typeof nodeEntry !== 'string') {
    fail(`${root}/package.json names no ES module entry at exports.default.import.default`);
  }
  return { root, version: pkg.version, nodeEntry };
}

function writeOnce(file: string, content: string): void {
  if (existsSync(file)) return;
  // Renamed into place, so another process never reads a half-written file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

let derived: string | undefined;

/**
 * The pruned SDK's Node entry, for the bundler's `--alias:stripe=`; derived once per process
 * (and written only when the installed version or the list of resources changed).
 */
export function prunedStripeEntry(): string {
  if (derived) return derived;
  const cacheRoot = path.join(REPO_ROOT, 'node_modules', '.cache', 'linea-bundling');
  const { root, version, nodeEntry } = installedStripe();
  const entryPath = path.join(root, nodeEntry);
  const esmDir = path.dirname(entryPath);
  const pruned = pointInto(
    pruneStripeEntry(
      readFileSync(entryPath, 'utf8'),
      readFileSync(path.join(esmDir, 'resources.js'), 'utf8'),
      STRIPE_RESOURCES,
    ),
    esmDir,
  );
  const hash = createHash('sha256').update(pruned).digest('hex').slice(0, 12);
  const dir = path.join(cacheRoot, `stripe-${version}-${hash}`);
  mkdirSync(dir, { recursive: true });
  // esbuild reads .js files by their nearest package.json: this is an ES module, as in the SDK.
  writeOnce(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  writeOnce(path.join(dir, path.basename(entryPath)), pruned);
  derived = path.join(dir, path.basename(entryPath));
  return derived;
}
