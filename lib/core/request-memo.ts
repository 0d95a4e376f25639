import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs `fn` with a memo shared by everything it awaits: a read-only request (GET) looks each fact up once
 * (the plan, say, needed by the authentication and again by the retention). Writes run without it, so a
 * change they make is never hidden by an answer read before it.
 */
export function withRequestMemo<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), fn);
}

/** `load()` once per key within the current memo scope; outside one, every call loads. */
export function memoized<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    memo.set(key, pending);
    // a failed lookup is not remembered: the next reader tries again
    pending.catch(() => memo.delete(key));
  }
  return pending;
}
