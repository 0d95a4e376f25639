import useSWR, { type SWRConfiguration, useSWRConfig } from "swr";
import { type ApiClientError, apiFetch } from "@/client/api-client";
import { SWR_OPTIONS } from "@/client/swr-options";

// the GETs in flight (a revalidation may start one while another is on its way), so that a resource about to be
// deleted can be dropped (dropResources)
const inFlight = new Set<{ key: string; controller: AbortController }>();

/**
 * GET a JSON resource of our API through the shared SWR cache (one request per key at a time, every reader of the
 * key sees the same answer); `path: null` skips the call. The error's message is the server's French `detail`,
 * else `fallback`; the app-wide options (SWR_OPTIONS) apply without a provider; a 401 signs out and goes to /login (apiFetch, SPEC.md §8).
 */
export function useResource<T>(path: string | null, fallback: string, config?: SWRConfiguration<T, ApiClientError>) {
  const { cache } = useSWRConfig();
  return useSWR<T, ApiClientError>(
    path,
    async (key: string) => {
      const controller = new AbortController();
      const request = { key, controller };
      inFlight.add(request);
      try {
        return await apiFetch<T>(key, { fallback, signal: controller.signal });
      } catch (err) {
        // dropped: the reader keeps what it showed, no error
        if (controller.signal.aborted) return cache.get(key)?.data as T;
        throw err;
      } finally {
        inFlight.delete(request);
      }
    },
    { ...(SWR_OPTIONS as SWRConfiguration<T, ApiClientError>), ...config },
  );
}

/**
 * Cancels the GETs in flight whose key matches, before the resource they read is deleted: none of them can answer
 * 404 once the deletion lands, and their readers keep their data. Not fetching those keys again is the caller's part.
 */
export function dropResources(match: (key: string) => boolean) {
  for (const { key, controller } of inFlight) if (match(key)) controller.abort();
}
