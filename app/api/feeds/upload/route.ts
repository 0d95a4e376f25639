// POST /api/feeds/upload – a file feed (multipart: `file` CSV/TSV/XLSX/XML of 25 Mo at most, `name`): 201 with
// the format and column mapping proposed from its header
import { createFileFeed } from "@/lib/feeds/create-feed";
import { json } from "@/lib/http/json";
import { rateLimit } from "@/lib/core/rate-limit";
import { withAuth } from "@/lib/http/with-auth";

export const maxDuration = 60;

export const POST = withAuth({}, async ({ req, user }) => {
  await rateLimit(`feeds:${user.id}`, 20, 60_000);
  return json(await createFileFeed(user.workspaceId, req), 201);
});
