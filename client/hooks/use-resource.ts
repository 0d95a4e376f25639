import useSWR, { type SWRConfiguration } from "swr";
import { type ApiClientError, apiFetch } from "@/client/api-client";
import { SWR_OPTIONS } from "@/client/swr-options";

/**
 * GET a JSON resource of our API through the shared SWR cache (one request per key at a time, every reader of the
 * key sees the same answer); `path: null` skips the call. The error's message is the server's French `detail`,
 * else `fallback`; the app-wide options (SWR_OPTIONS) apply without a provider; a 401 signs out and goes to /login (apiFetch, SPEC.md §8).
 */
export function useResource<T>(path: string | null, fallback: string, config?: SWRConfiguration<T, ApiClientError>) {
  return useSWR<T, ApiClientError>(path, (key: string) => apiFetch<T>(key, { fallback }), {
    ...(SWR_OPTIONS as SWRConfiguration<T, ApiClientError>),
    ...config,
  });
}
