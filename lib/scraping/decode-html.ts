// Charset detection for fetched pages: byte order mark, then the Content-Type header, then <meta>, then UTF-8.

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

function labelSupported(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function fromMeta(head: string): string | null {
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head);
  if (direct) return direct[1]!.toLowerCase();
  return null;
}

/** Decodes a page body to text; `charset` is the label actually used. */
export function decodeHtml(body: Buffer, contentType: string): { html: string; charset: string } {
  for (const [bytes, label] of BOMS) {
    if (bytes.every((b, i) => body[i] === b)) {
      return { html: new TextDecoder(label).decode(body.subarray(bytes.length)), charset: label };
    }
  }
  const header = /charset\s*=\s*["']?([a-z0-9_:.-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  let charset = header && labelSupported(header) ? header : null;
  if (!charset) {
    const meta = fromMeta(body.subarray(0, 4096).toString("latin1"));
    // a page cannot be UTF-16 if its <meta> was readable as ASCII (HTML standard)
    if (meta && labelSupported(meta) && !meta.startsWith("utf-16")) charset = meta;
  }
  charset ??= "utf-8";
  return { html: new TextDecoder(charset).decode(body), charset };
}
