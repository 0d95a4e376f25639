// Hand-built zip archives for the import tests: sizes that lie, and a second central directory.
import { constants, deflateRawSync } from "node:zlib";

export const MIB = 1024 * 1024;

/** Raw deflate of `mib` MiB of zeros, ~1 KB per MiB: one fully flushed block repeated, then a final empty block. */
export function zerosDeflated(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MIB), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  return Buffer.concat([...Array.from({ length: mib }, () => block), Buffer.from([0x03, 0x00])]);
}

export type TPart = { name: string; method: 0 | 8; data: Buffer; declaredSize: number };

export function centralHeader(part: TPart, localOffset: number): Buffer {
  const name = Buffer.from(part.name);
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(part.method, 10);
  h.writeUInt32LE(part.data.length, 20);
  h.writeUInt32LE(part.declaredSize, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(localOffset, 42);
  return Buffer.concat([h, name]);
}

/** The local header (same fields as the central one from "version needed" on), its name and its data. */
export function localHeader(part: TPart): Buffer {
  const central = centralHeader(part, 0);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  central.copy(h, 4, 6, 32);
  return Buffer.concat([h, central.subarray(46), part.data]);
}

export function endRecord(count: number, centralSize: number, centralOffset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(centralSize, 12);
  e.writeUInt32LE(centralOffset, 16);
  return e;
}

/** A well-formed zip of the given parts (sizes as each part declares them). */
export function plainZip(parts: TPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const local = localHeader(part);
    centrals.push(centralHeader(part, offset));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  return Buffer.concat([...locals, central, endRecord(parts.length, central.length, offset)]);
}

export const tiny: TPart = { name: "[Content_Types].xml", method: 0, data: Buffer.from("<Types/>"), declaredSize: 8 };
export const huge = (mib: number, declaredSize: number): TPart => ({
  name: "xl/worksheets/sheet1.xml",
  method: 8,
  data: zerosDeflated(mib),
  declaredSize,
});

/**
 * The end record points to a fake central directory (one tiny entry) in front of the real one (the huge entry):
 * a reader of the end record sees the tiny entry; JSZip takes the fake directory's length for prepended data and
 * reads the real one.
 */
export function polyglot(mib: number): Buffer {
  const localTiny = localHeader(tiny);
  const padding = Buffer.alloc(128);
  const realPart = huge(mib, 1);
  const localHuge = localHeader(realPart);
  const fake = centralHeader(tiny, 0);
  const real = centralHeader(realPart, localTiny.length + padding.length - fake.length);
  const fakeAt = localTiny.length + padding.length + localHuge.length;
  return Buffer.concat([localTiny, padding, localHuge, fake, real, endRecord(1, real.length, fakeAt)]);
}
