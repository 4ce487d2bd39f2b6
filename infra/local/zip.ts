/**
 * Removes entries from a ZIP (jar) archive without unpacking it. Written here rather than
 * shelling out to `zip -d` because CI images often lack `zip`, and a JRE has no `jar` tool.
 *
 * Kept entries are copied byte for byte (compressed data, data descriptors and all); only the
 * offsets in the central directory change. ZIP64 archives are refused, as no jar we patch is one.
 */
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_SIZE = 22;
const MAX_COMMENT = 0xffff;

interface CentralEntry {
  readonly name: string;
  readonly record: Buffer;
  readonly localOffset: number;
}

interface Archive {
  readonly entries: CentralEntry[];
  readonly centralOffset: number;
  readonly comment: Buffer;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  const earliest = Math.max(0, zip.length - EOCD_MIN_SIZE - MAX_COMMENT);
  for (let at = zip.length - EOCD_MIN_SIZE; at >= earliest; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new Error('Not a ZIP archive: end of central directory not found');
}

function readArchive(zip: Buffer): Archive {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  const centralSize = zip.readUInt32LE(eocd + 12);
  const centralOffset = zip.readUInt32LE(eocd + 16);
  const commentLength = zip.readUInt16LE(eocd + 20);
  if (count === 0xffff || centralSize === 0xffffffff || centralOffset === 0xffffffff) {
    throw new Error('ZIP64 archives are not supported');
  }
  const entries: CentralEntry[] = [];
  let at = centralOffset;
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new Error(`Corrupt central directory at byte ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const entryCommentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const size = 46 + nameLength + extraLength + entryCommentLength;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      record: zip.subarray(at, at + size),
      localOffset,
    });
    at += size;
  }
  return { entries, centralOffset, comment: zip.subarray(eocd + 22, eocd + 22 + commentLength) };
}

export function listZipEntries(zip: Buffer): string[] {
  return readArchive(zip).entries.map((entry) => entry.name);
}

/**
 * Returns a copy of `zip` without the entries `remove` selects, or `undefined` when it selects
 * none (so callers can tell "already clean" from "patched").
 */
export function removeZipEntries(zip: Buffer, remove: (name: string) => boolean): Buffer | undefined {
  const archive = readArchive(zip);
  if (!archive.entries.some((entry) => remove(entry.name))) return undefined;

  // A local entry runs from its header to the next entry's header (or the central directory),
  // which covers data descriptors without having to parse them.
  const byOffset = [...archive.entries].sort((a, b) => a.localOffset - b.localOffset);
  const endOf = new Map<CentralEntry, number>();
  byOffset.forEach((entry, i) => endOf.set(entry, byOffset[i + 1]?.localOffset ?? archive.centralOffset));

  const parts: Buffer[] = [];
  const centralRecords: Buffer[] = [];
  let written = 0;
  for (const entry of byOffset) {
    if (remove(entry.name)) continue;
    if (zip.readUInt32LE(entry.localOffset) !== LOCAL_SIGNATURE) {
      throw new Error(`Corrupt local header for ${entry.name}`);
    }
    const local = zip.subarray(entry.localOffset, endOf.get(entry));
    const record = Buffer.from(entry.record);
    record.writeUInt32LE(written, 42);
    parts.push(local);
    centralRecords.push(record);
    written += local.length;
  }
  const central = Buffer.concat(centralRecords);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(EOCD_SIGNATURE, 0);
  eocd.writeUInt16LE(centralRecords.length, 8);
  eocd.writeUInt16LE(centralRecords.length, 10);
  eocd.writeUInt32LE(central.length, 12);
  eocd.writeUInt32LE(written, 16);
  eocd.writeUInt16LE(archive.comment.length, 20);
  return Buffer.concat([...parts, central, eocd, archive.comment]);
}
