import { createInflateRaw } from "node:zlib";
import { AppError } from "@/lib/errors/app-error";

export const MAX_XLSX_INFLATED_BYTES = 25 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 2000;

type TLimits = { maxBytes?: number; maxEntries?: number };
type TEntry = { name: Buffer; utf8: boolean; data: Buffer };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const tooLarge = (max: number) =>
  new AppError("payload_too_large", {
    detail:
      `Le fichier XLSX décompressé dépasse la taille maximale autorisée (${Math.round(max / 1024 / 1024)} Mo) : ` +
      "importez moins de lignes ou un CSV",
  });
const unreadable = () => new AppError("invalid_file");
// a workbook has a few dozen parts; thousands are not a spreadsheet this import can read
const tooManyParts = (max: number) =>
  new AppError("invalid_file", {
    detail: `Fichier XLSX illisible : plus de ${String(max).replace(/\B(?=(\d{3})+$)/g, " ")} éléments dans l'archive`,
  });

/** Inflates raw deflate data, refused at the first byte past `budget` (the stream is dropped there). */
async function inflateCapped(data: Buffer, budget: number, max: number): Promise<Buffer> {
  const inflater = createInflateRaw();
  const chunks: Buffer[] = [];
  let size = 0;
  inflater.end(data);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > budget) throw tooLarge(max);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  } finally {
    inflater.destroy();
  }
  return Buffer.concat(chunks, size);
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(data: Buffer): number {
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** A plain stored (uncompressed) zip of the given entries: one central directory, nothing else. */
function storedZip(entries: TEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, utf8, data } of entries) {
    const crc = crc32(data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(utf8 ? 0x0800 : 0, 8);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    // a local header repeats the central one's fields from "version needed" to "extra length"
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    header.copy(local, 4, 6, 32);
    parts.push(local, name, data);
    central.push(header, name);
    offset += 30 + name.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/**
 * The entries of an XLSX (zip) upload, each inflated here as a stream with one running count over the whole
 * archive: refused (413) at the first byte past `maxBytes` and (422) past `maxEntries`, whatever sizes and
 * counts the archive declares. An archive whose central directory does not end where its end record starts
 * (data in front, a second directory), Zip64, encryption or another method than store/deflate is unreadable.
 * Returns a fresh stored zip of exactly the bytes inflated here: the only archive exceljs is given.
 */
export async function readXlsxArchive(bytes: Uint8Array, limits: TLimits = {}): Promise<Buffer> {
  const maxBytes = limits.maxBytes ?? MAX_XLSX_INFLATED_BYTES;
  const maxEntries = limits.maxEntries ?? MAX_XLSX_ENTRIES;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const declaredCount = buf.readUInt16LE(eocd + 10);
  const centralSize = buf.readUInt32LE(eocd + 12);
  const centralStart = buf.readUInt32LE(eocd + 16);
  if (declaredCount === 0xffff || centralStart === 0xffffffff || centralSize === 0xffffffff) throw unreadable();
  if (centralStart + centralSize !== eocd) throw unreadable();

  const entries: TEntry[] = [];
  let inflated = 0;
  let parsed = 0;
  let at = centralStart;
  while (at < eocd) {
    if (++parsed > maxEntries) throw tooManyParts(maxEntries);
    if (at + 46 > eocd || buf.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (at > eocd || flags & 0x1 || compressed === 0xffffffff || local === 0xffffffff) throw unreadable();
    if (local + 30 > centralStart || buf.readUInt32LE(local) !== LOCAL) throw unreadable();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > centralStart) throw unreadable();
    const raw = buf.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) {
      if (inflated + raw.length > maxBytes) throw tooLarge(maxBytes);
      data = raw;
    } else if (method === 8) data = await inflateCapped(raw, maxBytes - inflated, maxBytes);
    else throw unreadable();
    inflated += data.length;
    // a folder entry holds nothing exceljs reads
    if (!name.toString("latin1").endsWith("/")) entries.push({ name, utf8: (flags & 0x0800) !== 0, data });
  }
  if (entries.length === 0 || declaredCount !== parsed) throw unreadable();
  return storedZip(entries);
}
