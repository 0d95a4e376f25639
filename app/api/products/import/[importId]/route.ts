// GET /api/products/import/{importId} – an import's progress ('1 200 / 10 000 lignes') and its refused rows
import { z } from "zod";
import { withAuth } from "@/lib/http/with-auth";
import { getImport } from "@/lib/products/import/get-import";

// any string: a malformed id (NUL included) is getImport's 404 import_not_found, as an unknown one
const ZImportParams = z.object({ importId: z.string() });

export const GET = withAuth({ params: ZImportParams }, async ({ user, params }) =>
  getImport(user.workspaceId, params.importId!),
);
