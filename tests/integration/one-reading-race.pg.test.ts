// One reading per request under concurrent requests: two scrapes of one URL asked at once write one task. The
// race is forced (tests/helpers/forced-race.ts): the first request stops right after writing its task, found no
// active task before; the second, which found none either, must wait on the first (scrape_tasks_url_active_unique,
// or the manual scrapes' rate-limit row taken just before) and then answer the first's task. Without the unique
// index it writes a second task. PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products, scrapeTasks } from "@/db/schema";
import { POST as scrapeUrlRoute } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { call, signUp } from "../helpers/api";
import { forcedRace } from "../helpers/forced-race";

if (!process.env.DATABASE_URL) throw new Error("one-reading-race.pg.test.ts : PostgreSQL seulement");

const scrape = (token: string, urlId: string) =>
  call(scrapeUrlRoute, `/api/scraping/urls/${urlId}/scrape`, { token, params: { urlId }, method: "POST" });

describe("one reading per request, two requests at once (forced race)", () => {
  it("the first creates the task (202), the second answers it (200, created false): one active task", async () => {
    const { token, workspaceId } = await signUp();
    const db = await getDb();
    const [product] = await db.insert(products).values({ workspaceId, name: "Grille-pain" }).returning();
    const [url] = await db
      .insert(productUrls)
      .values({ workspaceId, productId: product!.id, name: "Boutique", url: "https://boutique.example/grille-pain" })
      .returning();

    const [first, second] = await forcedRace({
      table: "scrape_tasks",
      when: `new.url_id = '${url!.id}'`,
      first: () => scrape(token, url!.id),
      second: () => scrape(token, url!.id),
      secondMust: "wait",
    });
    expect([first.value?.status, first.value?.json.created]).toEqual([202, true]);
    expect([second.value?.status, second.value?.json.created]).toEqual([200, false]);
    expect(second.value?.json.task_id).toBe(first.value?.json.task_id);
    const active = await db
      .select()
      .from(scrapeTasks)
      .where(and(eq(scrapeTasks.urlId, url!.id), inArray(scrapeTasks.status, ["pending", "processing", "retry"])));
    expect(active).toHaveLength(1);
  });
});
