import { AppError } from "@/lib/errors/app-error";
import { readLimitedBody } from "@/lib/core/read-limited-body";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
// multipart boundaries and part headers around the file
const ENVELOPE = 64 * 1024;

export const LIMIT_DETAIL = "Le fichier dépasse la taille maximale autorisée (5 Mo)";
const tooLarge = () => new AppError("import_too_large");

/**
 * The file of a multipart upload (field `file`), read with a hard byte cap so an oversized or endless
 * body is refused (413) without being buffered whole.
 */
export async function readImportUpload(req: Request, maxBytes = MAX_IMPORT_BYTES) {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError("upload_not_multipart");
  }
  const body = await readLimitedBody(req, maxBytes + ENVELOPE, LIMIT_DETAIL);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("upload_unreadable");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new AppError("upload_missing_file");
  if (file.size > maxBytes) throw tooLarge();
  if (file.size === 0) throw new AppError("empty_file");
  return { name: file.name || "import", bytes: new Uint8Array(await file.arrayBuffer()) };
}
