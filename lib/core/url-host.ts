/** The merchant host of a page URL, lower-cased ("" when it does not parse): per-host limits and guesses key on it. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}
