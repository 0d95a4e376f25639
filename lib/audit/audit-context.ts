import { AsyncLocalStorage } from "node:async_hooks";

export type TAuditContext = { actorId: string | null; ip: string | null; userAgent: string | null };

const store = new AsyncLocalStorage<TAuditContext>();

/** Runs `fn` with who acts and from where: the audit events recorded while it runs carry them. */
export function withAuditContext<T>(context: TAuditContext, fn: () => Promise<T>): Promise<T> {
  return store.run(context, fn);
}

/** The current request's actor (null outside a request: a job acts as the system). */
export function currentAuditContext(): TAuditContext | undefined {
  return store.getStore();
}
