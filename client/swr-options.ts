import type { SWRConfiguration } from "swr";

/** The app-wide SWR behaviour: answers are refreshed by polling and after actions, not on focus or by retries. */
export const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  keepPreviousData: true,
};
