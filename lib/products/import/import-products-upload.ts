import { importProducts } from "./import-products";
import { parseImportFile } from "./parse-import-file";
import { readImportUpload } from "./read-import-upload";

/** POST /api/products/import: reads the uploaded file (size-capped), parses its rows and imports them. */
export async function importProductsUpload(userId: string, req: Request) {
  const file = await readImportUpload(req);
  return importProducts(userId, await parseImportFile(file.bytes, file.name));
}
