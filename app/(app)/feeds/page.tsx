import type { Metadata } from "next";
import { FeedsView } from "@/components/feeds/feeds-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";

export const metadata: Metadata = { title: "Flux catalogue" };

export default async function FeedsPage() {
  const user = await getPageUser();
  if (!user) return redirectToLogin("/feeds");
  return <FeedsView />;
}
