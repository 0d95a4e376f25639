// What a loaded page says, computed in one go so it can run off the server's event loop (analyze-in-worker.ts).
// Pure: no network, no database, no framework or alias import (a worker thread loads it as is).
import { detectBotWall, type TBotWall } from "./detect-bot-wall";
import { extractProduct, type TExtractResult } from "./extract";
import { looksJsRendered } from "./looks-js-rendered";

export type TPageInput = {
  html: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  selector: string | null;
};

export type TPageAnalysis = { wall: TBotWall | null; found: TExtractResult; jsRendered: boolean };

/**
 * The bot wall the page is, else what extraction finds on it, and whether scripts may draw more of it; plain
 * data (a candidate's lazy context and locator are read here), so it crosses a thread as is.
 */
export function analyzePage(page: TPageInput): TPageAnalysis {
  const found = extractProduct(page.html, page.url, { selector: page.selector });
  return {
    wall: detectBotWall(page.html, page.status, page.headers),
    found: { ...found, candidates: found.candidates.map((c) => ({ ...c, context: c.context, locator: c.locator })) },
    jsRendered: looksJsRendered(page.html),
  };
}
