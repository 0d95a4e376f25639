import { useState } from "react";
import { errorMessage } from "@/client/api-client";

/**
 * The state of a panel's actions (POST, PUT, DELETE): which one runs (`busy`, its key) and the French message of the
 * last failure (`error`). `run` resolves with the action's result, or undefined when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(key: string, action: () => Promise<T>, fallback: string): Promise<T | undefined> {
    setBusy(key);
    setError(null);
    try {
      return await action();
    } catch (err) {
      setError(errorMessage(err, fallback));
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, setError, run };
}
