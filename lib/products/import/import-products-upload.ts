import { parseImportFile } from "./parse-import-file";
import { readImportUpload } from "./read-import-upload";
import { startImport } from "./start-import";

/** POST /api/products/import: reads the uploaded file (size-capped), parses its rows and starts their import. */
export async function importProductsUpload(workspaceId: string, req: Request) {
  const file = await readImportUpload(req);
  return startImport(workspaceId, await parseImportFile(file.bytes, file.name), file);
}
