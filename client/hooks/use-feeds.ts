import type { Jsonify } from "@/client/jsonify";
import type { getFeed } from "@/lib/feeds/list-feeds";
import type { getFeedRun } from "@/lib/feeds/get-feed-run";
import type { TFeedView } from "@/lib/feeds/present-feed";
import { useResource } from "./use-resource";

export type TFeed = Jsonify<TFeedView>;
export type TFeedDetail = Jsonify<Awaited<ReturnType<typeof getFeed>>>;
export type TFeedRunDetail = Jsonify<Awaited<ReturnType<typeof getFeedRun>>>;

const POLL_MS = 1000;
const running = (status: string | undefined) => status === "pending" || status === "running";

export const FEEDS_KEY = "/api/feeds";
export const feedKey = (id: string) => `/api/feeds/${id}`;

/** The workspace's feeds, each with its last run. */
export function useFeeds() {
  return useResource<TFeed[]>(FEEDS_KEY, "Erreur lors de la récupération des flux");
}

/** A feed, its mapping and last runs; polled every second while its last run is under way. */
export function useFeed(id: string) {
  return useResource<TFeedDetail>(feedKey(id), "Erreur lors de la récupération du flux", {
    refreshInterval: (feed) => (running(feed?.last_run?.status) ? POLL_MS : 0),
  });
}

/** A run with its progress and its report's first rows (of one outcome), polled every second until it ends. */
export function useFeedRun(feedId: string, runId: string | null, outcome: string | null = null) {
  return useResource<TFeedRunDetail>(
    runId ? `/api/feeds/${feedId}/runs/${runId}${outcome ? `?outcome=${outcome}` : ""}` : null,
    "Erreur lors de la récupération de l'exécution",
    { refreshInterval: (run) => (!run || running(run.status) ? POLL_MS : 0) },
  );
}
