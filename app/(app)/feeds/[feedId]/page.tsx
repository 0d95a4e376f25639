import type { Metadata } from "next";
import { FeedView } from "@/components/feeds/feed-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";

export const metadata: Metadata = { title: "Flux catalogue" };

export default async function FeedPage({ params }: { params: Promise<{ feedId: string }> }) {
  const { feedId } = await params;
  const user = await getPageUser();
  if (!user) return redirectToLogin(`/feeds/${encodeURIComponent(feedId)}`);
  return <FeedView feedId={feedId} />;
}
