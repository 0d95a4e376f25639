import type { Logger } from "drizzle-orm/logger";

type TListener = (query: string, params: unknown[]) => void;

const store = globalThis as unknown as { __veilleprixQueryListeners?: Set<TListener> };
const listeners = (store.__veilleprixQueryListeners ??= new Set());

/** Drizzle's logger for every handle: hands each statement to the listeners (none in production). */
export const queryLog: Logger = {
  logQuery(query, params) {
    if (listeners.size === 0) return;
    for (const listen of listeners) listen(query, params);
  },
};

/** Calls `listener` with each statement sent to the database (query plans in tests); returns the unsubscribe. */
export function onQuery(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
