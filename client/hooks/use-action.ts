import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";

/** What the last action of a panel left to say: a French error, or a confirmation. */
export type TActionMessage = { tone: "error" | "success"; text: string };

export type TRunOptions<T> = {
  /** Shown when the action fails without a message of the server's. */
  error: string;
  /** Shown when it succeeds. */
  success?: string | ((result: T) => string | null);
  /** The action leaves the page on success: its button stays busy until the next page shows. */
  navigates?: boolean;
};

/**
 * The state of a panel's actions (POST, PUT, DELETE): which one runs (`busy`, its key; the panel disables its
 * buttons meanwhile) and the message the last one left (`message`, shown in place). `run` resolves with the
 * action's result, or undefined when it failed.
 */
export function useAction<K extends string | number = string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [message, setMessage] = useState<TActionMessage | null>(null);

  async function run<T>(key: K, action: () => Promise<T>, options: TRunOptions<T>): Promise<T | undefined> {
    setBusy(key);
    setMessage(null);
    try {
      const result = await action();
      const success = typeof options.success === "function" ? options.success(result) : options.success;
      if (success) setMessage({ tone: "success", text: success });
      if (!options.navigates) setBusy(null);
      return result;
    } catch (err) {
      setMessage({ tone: "error", text: errorMessage(err, options.error) });
      setBusy(null);
      return undefined;
    }
  }

  return {
    busy,
    message,
    /** The message when it is an error. */
    error: message?.tone === "error" ? message.text : null,
    fail: (text: string) => setMessage({ tone: "error", text }),
    succeed: (text: string) => setMessage({ tone: "success", text }),
    clear: () => setMessage(null),
    run,
  };
}
