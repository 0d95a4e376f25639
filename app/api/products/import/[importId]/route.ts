// GET /api/products/import/{importId} – an import's progress ('1 200 / 10 000 lignes') and its refused rows
import { z } from "zod";
import { idParam } from "@/lib/http/id-param";
import { withAuth } from "@/lib/http/with-auth";
import { getImport } from "@/lib/products/import/get-import";

const ZImportParams = z.object({ importId: idParam("import_not_found") });

export const GET = withAuth({ params: ZImportParams }, async ({ user, params }) =>
  getImport(user.workspaceId, params.importId!),
);
