import { DIALECT_SETTINGS, type TCell } from "./csv-dialects";
import type { TCsvDialect } from "./schemas";
import { formatCsvRow } from "./format-csv-row";

const ROWS_PER_CHUNK = 500;

/**
 * A pull-based CSV byte stream: rows are read from the async source only when the consumer asks for more,
 * so memory stays flat whatever the number of rows. CRLF line ends (RFC 4180); BOM for the Excel dialect.
 */
export function createCsvStream(
  header: string[],
  rows: AsyncIterable<TCell[]>,
  dialect: TCsvDialect,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  // a download abandoned while a batch was being read: that batch has nowhere to go
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let chunk = "";
          if (!started) {
            started = true;
            if (DIALECT_SETTINGS[dialect].bom) chunk += "\uFEFF";
            chunk += `${formatCsvRow(
              header.map((h) => ({ kind: "text", value: h })),
              dialect,
            )}\r\n`;
          }
          for (let i = 0; i < ROWS_PER_CHUNK; i++) {
            const next = await iterator.next();
            if (cancelled) return;
            if (next.done) {
              if (chunk) controller.enqueue(encoder.encode(chunk));
              controller.close();
              return;
            }
            chunk += `${formatCsvRow(next.value, dialect)}\r\n`;
          }
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          if (cancelled) return;
          console.error("[export] flux CSV interrompu", error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
