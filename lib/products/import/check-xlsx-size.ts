import { inflateRawSync } from "node:zlib";
import { ApiError, unprocessable } from "@/lib/http/api-error";

export const MAX_XLSX_INFLATED_BYTES = 25 * 1024 * 1024;
const MAX_ENTRIES = 2000;

const tooLarge = () =>
  new ApiError(
    413,
    "payload_too_large",
    "Le fichier XLSX décompressé dépasse la taille maximale autorisée (25 Mo) : importez moins de lignes ou un CSV",
  );
const unreadable = () => unprocessable("Fichier XLSX illisible", "invalid_file");
// a workbook has a few dozen parts; thousands are not a spreadsheet this import can read
const tooManyParts = () =>
  unprocessable("Fichier XLSX illisible : plus de 2 000 éléments dans l'archive", "invalid_file");

/**
 * Refuses an XLSX (zip) whose entries inflate past `max` bytes in all, before exceljs inflates it: first by the
 * sizes the central directory declares, then by inflating each entry with a hard output cap, since a forged
 * archive can declare small sizes. Zip64 archives are refused.
 */
export function checkXlsxSize(bytes: Uint8Array, max = MAX_XLSX_INFLATED_BYTES): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw tooLarge();
  if (count > MAX_ENTRIES) throw tooManyParts();
  const entries: { method: number; compressed: number; declared: number; local: number }[] = [];
  let declaredTotal = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const entry = {
      method: buf.readUInt16LE(at + 10),
      compressed: buf.readUInt32LE(at + 20),
      declared: buf.readUInt32LE(at + 24),
      local: buf.readUInt32LE(at + 42),
    };
    if (entry.compressed === 0xffffffff || entry.declared === 0xffffffff) throw tooLarge();
    declaredTotal += entry.declared;
    if (declaredTotal > max) throw tooLarge();
    entries.push(entry);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  let actualTotal = 0;
  for (const entry of entries) {
    const local = entry.local;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + entry.compressed);
    if (entry.method === 0) actualTotal += data.length;
    else if (entry.method === 8) {
      try {
        actualTotal += inflateRawSync(data, { maxOutputLength: max - actualTotal + 1 }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw tooLarge();
        }
        throw unreadable();
      }
    } else throw unreadable();
    if (actualTotal > max) throw tooLarge();
  }
}
