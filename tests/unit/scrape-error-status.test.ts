import { describe, expect, it } from "vitest";
import { ScrapeError } from "@/lib/scraping/scrape-error";

describe("ScrapeError.urlStatus", () => {
  it("blames the site only for its bot wall, not for an address our own guard refused", () => {
    expect(new ScrapeError("bot_wall", "Accès bloqué", true).urlStatus).toBe("blocked");
    expect(new ScrapeError("blocked_port", "Port 4117 refusé", false).urlStatus).toBe("error");
    expect(new ScrapeError("blocked_address", "Adresse privée refusée", false).urlStatus).toBe("error");
  });
});
