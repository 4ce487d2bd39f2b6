/**
 * A restart of a persistent local cloud keeps the prerendered pages only when they were made
 * from the same inputs: any change of the published template, the catalogue or the renderer's
 * source must give another fingerprint, so the pages are rendered again.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pagesFingerprint, sourceStamp } from '../../infra/local/pages-fingerprint';
import { aProduct } from '../fixtures/products';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function sourceTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'linea-fingerprint-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'components'));
  writeFileSync(join(dir, 'components', 'card.tsx'), 'export const Card = 1;');
  mkdirSync(join(dir, 'node_modules'));
  return dir;
}

describe('the pages fingerprint', () => {
  const template = '<html><script id="runtime-config">{}</script></html>';
  const catalogue = [aProduct({ id: 'tee' }), aProduct({ id: 'coat', name: 'Coat' })];

  it('is the same for the same template, catalogue and source', () => {
    expect(pagesFingerprint(template, catalogue, 'stamp')).toBe(
      pagesFingerprint(template, structuredClone(catalogue), 'stamp'),
    );
  });

  it('changes with the template, with any product and with the source', () => {
    const base = pagesFingerprint(template, catalogue, 'stamp');
    expect(pagesFingerprint(template.replace('{}', '{"stage":"local"}'), catalogue, 'stamp')).not.toBe(base);
    expect(pagesFingerprint(template, [catalogue[0]!, { ...catalogue[1]!, price: 1 }], 'stamp')).not.toBe(base);
    expect(pagesFingerprint(template, catalogue.slice(0, 1), 'stamp')).not.toBe(base);
    expect(pagesFingerprint(template, catalogue, 'other stamp')).not.toBe(base);
  });

  it('stamps the source by its newest file and number of files, node_modules left out', () => {
    const dir = sourceTree();
    const before = sourceStamp([dir]);
    writeFileSync(join(dir, 'node_modules', 'dependency.js'), '');
    expect(sourceStamp([dir])).toBe(before);

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'components', 'card.tsx'), later, later);
    const edited = sourceStamp([dir]);
    expect(edited).not.toBe(before);

    writeFileSync(join(dir, 'components', 'new.tsx'), '');
    utimesSync(join(dir, 'components', 'new.tsx'), new Date(0), new Date(0));
    expect(sourceStamp([dir])).not.toBe(edited);
  });
});
