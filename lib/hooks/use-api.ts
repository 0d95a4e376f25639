import { useCallback, useEffect, useState } from "react";
import { ApiClientError, apiFetch } from "@/lib/api-client";

type State<T> = { data: T | undefined; error: ApiClientError | null; loading: boolean };

/**
 * GET a JSON resource on mount (and when `path` changes); `path: null` skips the call.
 * `reload()` fetches again and keeps the current data visible meanwhile.
 */
export function useApi<T>(path: string | null, fallback: string) {
  const [state, setState] = useState<State<T>>({ data: undefined, error: null, loading: path !== null });
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    apiFetch<T>(path, { fallback, signal: controller.signal })
      .then((data) => setState({ data, error: null, loading: false }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiClientError ? err : new ApiClientError(fallback, 0);
        setState((s) => ({ data: s.data, error, loading: false }));
      });
    return () => controller.abort();
  }, [path, fallback, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload, setData: (data: T) => setState((s) => ({ ...s, data })) };
}
