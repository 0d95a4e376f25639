import { AppError } from "@/lib/errors/app-error";

export const MAX_JSON_BYTES = 1024 * 1024;

const tooLarge = (maxBytes: number, detail?: string) =>
  new AppError("payload_too_large", {
    detail: detail ?? `Requête trop volumineuse (${Math.round(maxBytes / 1024)} Ko au plus)`,
  });

/** The client went away while it sent its body: nobody reads the answer, and it is no server error to log. */
const aborted = () => new AppError("request_aborted");

/**
 * The request body, refused with a 413 past `maxBytes`: first by its declared Content-Length, then by
 * counting bytes while it streams, so an oversized or endless body is never buffered whole. A body cut short by
 * the client is a 400 `request_aborted`.
 */
export async function readLimitedBody(
  req: Request,
  maxBytes: number,
  detail?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes, detail);
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      // Node's "aborted" (ECONNRESET) from the socket, or any failure of the client's stream
      throw aborted();
    }
    const { done, value } = read;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes, detail);
    }
    chunks.push(value);
  }
  // the stream of a request whose client hung up can end early instead of failing
  if (req.headers.has("content-length") && Number.isFinite(declared) && total < declared) throw aborted();
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
