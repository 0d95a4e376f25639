import { AppError } from "@/lib/errors/app-error";

export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Refuses (400) a JSON text nested deeper than `max` objects and arrays, in one linear scan of its brackets
 * outside strings, before JSON.parse does the deep (and slow) work. Says nothing of the text's validity.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) {
        throw new AppError("json_too_deep", {
          detail: `Corps de requête JSON trop imbriqué (plus de ${max} niveaux d'objets ou de tableaux)`,
        });
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
}
