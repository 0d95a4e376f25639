/** Files of SPEC.md §3: '{product name with spaces replaced by underscores}_historique_complet.csv'. */
export function buildExportFilename(productName: string, suffix: string, extension: "csv" | "xlsx"): string {
  const base = productName
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "")
    .trim()
    .replace(/\s/g, "_");
  return `${base || "produit"}_${suffix}.${extension}`;
}

/** RFC 6266 header: an ASCII fallback plus filename* in UTF-8 for accents. */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
