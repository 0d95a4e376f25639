// GET /api/feeds/{feedId} – a feed, its mapping and its last runs; PATCH – name, address, frequency, format,
// column mapping; DELETE – the feed and its reports (its products stay)
import { deleteFeed } from "@/lib/feeds/delete-feed";
import { getFeed } from "@/lib/feeds/list-feeds";
import { ZUpdateFeed } from "@/lib/feeds/schemas";
import { updateFeed } from "@/lib/feeds/update-feed";
import { ZFeedParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ params: ZFeedParams }, async ({ user, params }) =>
  getFeed(user.workspaceId, params.feedId!),
);

export const PATCH = withAuth({ params: ZFeedParams, body: ZUpdateFeed }, async ({ user, params, body }) =>
  updateFeed(user.workspaceId, params.feedId!, body),
);

export const DELETE = withAuth({ params: ZFeedParams }, async ({ user, params }) => {
  await deleteFeed(user.workspaceId, params.feedId!);
  return new Response(null, { status: 204 });
});
