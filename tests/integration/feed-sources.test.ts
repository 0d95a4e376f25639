import JSZip from "jszip";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, products } from "@/db/schema";
import { POST as createFeed } from "@/app/api/feeds/route";
import { GET as getFeed } from "@/app/api/feeds/[feedId]/route";
import { googleXml, ITEMS } from "../fixtures/feed-files";
import { startFeedServer, type TFeedServer } from "../fixtures/feed-server";
import { call, signUp } from "../helpers/api";
import { reasons, runById, runToEnd, upload, uploadVersion } from "../helpers/feeds";
import { polyglot } from "../helpers/hostile-zip";
import { addMember, tokenIn } from "../helpers/workspaces";

let server: TFeedServer;

beforeAll(async () => {
  await getDb();
  server = await startFeedServer();
});
afterAll(() => server.close());

const GONE = "gone : Absent du flux : le produit est conservé (rien n'est supprimé)";
const csv = (rows: string[]) => ["sku;produit;marque", ...rows].join("\n");

async function urlFeed(token: string, path: string, body: string | Buffer, type = "application/rss+xml") {
  server.serve(path, body, { type });
  const created = await call(createFeed, "/api/feeds", { token, body: { name: path, url: `${server.url}${path}` } });
  expect(created.status).toBe(201);
  return created.json;
}

async function namesOf(workspaceId: string) {
  const db = await getDb();
  const rows = await db.select().from(products).where(eq(products.workspaceId, workspaceId));
  return Object.fromEntries(rows.map((p) => [p.sku, p.name]));
}

describe("catalogue feeds: sources", () => {
  it("two feeds of a workspace: each reports gone only the products it brought, never the other's", async () => {
    const who = await signUp();
    const token = who.token;
    const shop = ITEMS.slice(0, 2); // NEW-1 and CHG-1
    const a = await urlFeed(token, "/a.xml", googleXml(shop));
    const b = await upload(token, "b.csv", csv(["B-1;Bouilloire;Seb", "B-2;Grille-pain;Seb"]));
    expect(b.status).toBe(201);
    expect((await runToEnd(token, a.id)).counts).toMatchObject({ new: 2, gone: 0 });
    expect((await runToEnd(token, b.json.id)).counts).toMatchObject({ new: 2, gone: 0 });
    // both again: neither reports the other's products
    expect((await runToEnd(token, a.id)).counts).toMatchObject({ unchanged: 2, gone: 0 });
    expect((await runToEnd(token, b.json.id)).counts).toMatchObject({ unchanged: 2, gone: 0 });
    // A loses CHG-1: A alone reports it
    server.serve("/a.xml", googleXml(shop.filter((i) => i.sku !== "CHG-1")), { type: "application/rss+xml" });
    const lost = await runToEnd(token, a.id);
    expect(lost.counts).toMatchObject({ unchanged: 1, gone: 1 });
    expect(reasons(lost.report)).toEqual([`CHG-1 ${GONE}`, "NEW-1 unchanged"]);
    const other = await runToEnd(token, b.json.id);
    expect(reasons(other.report)).toEqual(["B-1 unchanged", "B-2 unchanged"]);
    // the product stays; the next run of A says nothing more of it (it was not A's last time)
    expect(Object.keys(await namesOf(who.workspaceId)).sort()).toEqual(["B-1", "B-2", "CHG-1", "NEW-1"]);
    expect((await runToEnd(token, a.id)).counts).toMatchObject({ unchanged: 1, gone: 0 });
  });

  it("a file feed takes a new version of its file: its mapping kept, a run started, the rows it lost gone", async () => {
    const who = await signUp();
    const created = await upload(who.token, "catalogue.csv", csv(["S-1;Cafetière;Seb", "S-2;Théière;Seb"]));
    const feedId = created.json.id;
    expect((await runToEnd(who.token, feedId)).counts).toMatchObject({ new: 2 });
    const version = await uploadVersion(
      who.token,
      feedId,
      "catalogue-v2.csv",
      csv(["S-1;Cafetière italienne;Seb", "S-3;Bouilloire;Seb"]),
    );
    expect(version.status).toBe(202);
    expect(version.json).toMatchObject({ trigger: "manual", status: "pending" });
    const run = await runById(who.token, feedId, version.json.id);
    expect(run.counts).toMatchObject({ new: 1, changed: 1, gone: 1 });
    expect(reasons(run.report)).toEqual([`S-2 ${GONE}`, "S-1 changed", "S-3 new"]);
    const feed = await call(getFeed, "/x", { token: who.token, params: { feedId } });
    expect(feed.json).toMatchObject({ file_name: "catalogue-v2.csv", mapping: { sku: "sku", name: "produit" } });
    expect(feed.json.sample).toEqual([
      ["S-1", "Cafetière italienne", "Seb"],
      ["S-3", "Bouilloire", "Seb"],
    ]);
    expect(await namesOf(who.workspaceId)).toEqual({
      "S-1": "Cafetière italienne",
      "S-2": "Théière",
      "S-3": "Bouilloire",
    });
    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, who.workspaceId));
    expect(audit.map((a) => a.action)).toContain("feed.file_replaced");
  });

  it("a new version is checked like the first upload: hostile or unreadable files, URL feeds, roles", async () => {
    const who = await signUp();
    const created = await upload(who.token, "catalogue.csv", csv(["S-1;Cafetière;Seb"]));
    const feedId = created.json.id;
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file("xl/worksheets/sheet1.xml", new Uint8Array(30 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    const refusals = [
      await uploadVersion(who.token, feedId, "bombe.xlsx", bomb),
      await uploadVersion(who.token, feedId, "polyglotte.xlsx", new Uint8Array(polyglot(2000))),
      await uploadVersion(who.token, feedId, "trop.csv", "a;b\n".padEnd(25 * 1024 * 1024 + 10, "x")),
      await uploadVersion(who.token, feedId, "rien.csv", new Uint8Array([0, 1, 2, 3, 255, 254, 0, 9])),
    ];
    expect(refusals.map((r) => [r.status, r.json.detail])).toEqual([
      [413, expect.stringContaining("décompressé")],
      [422, "Fichier XLSX illisible"],
      [413, "Le fichier dépasse la taille maximale autorisée (25 Mo)"],
      [422, "Le flux est illisible : ni un fichier CSV, ni un fichier XLSX, ni un flux XML (RSS ou Atom)"],
    ]);
    const feed = await call(getFeed, "/x", { token: who.token, params: { feedId } });
    expect(feed.json).toMatchObject({ file_name: "catalogue.csv", runs: [] });

    const url = await urlFeed(who.token, "/u.xml", googleXml());
    const onUrl = await uploadVersion(who.token, url.id, "c.csv", csv(["S-1;Cafetière;Seb"]));
    expect([onUrl.status, onUrl.json.detail]).toEqual([
      422,
      "Ce flux est relu depuis une adresse : il ne reçoit pas de fichier",
    ]);
    const reader = await signUp();
    await addMember(who.workspaceId, reader.userId, "reader");
    const token = await tokenIn(who.workspaceId, reader.userId);
    expect((await uploadVersion(token, feedId, "c.csv", csv(["S-1;X;Seb"]))).status).toBe(403);
    const stranger = await signUp();
    const foreign = await uploadVersion(stranger.token, feedId, "c.csv", csv(["S-1;X;Seb"]));
    expect([foreign.status, foreign.json.detail]).toEqual([404, "Flux introuvable"]);
  });

  it("an XML feed in ISO-8859-1 is read in its encoding: the declaration's, or the HTTP charset", async () => {
    const who = await signUp();
    const latin1 = (xml: string) => Buffer.from(xml, "latin1");
    const items = [
      { sku: "L-1", name: "Crème brûlée façon grand-mère", ean: "", brand: "Pâtisserie Noël", price: "", category: "" },
      { sku: "L-2", name: "Œuf à la coque", ean: "", brand: "", price: "", category: "Épicerie > Frais" },
    ];
    const declared = googleXml(items).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("Œ", "OE");
    const bare = declared.replace(/<\?xml[^>]*\?>/, "").replace("Crème", "Crêpe");
    const byDeclaration = await urlFeed(who.token, "/latin1.xml", latin1(declared), "application/xml");
    expect((await runToEnd(who.token, byDeclaration.id)).counts).toMatchObject({ new: 2 });
    expect(await namesOf(who.workspaceId)).toEqual({
      "L-1": "Crème brûlée façon grand-mère",
      "L-2": "OEuf à la coque",
    });
    // no declaration: the server's charset says it (the same file uploaded would be read as UTF-8)
    const byHttp = await urlFeed(who.token, "/charset.xml", latin1(bare), "text/xml; charset=ISO-8859-1");
    expect((await runToEnd(who.token, byHttp.id)).counts).toMatchObject({ changed: 1, unchanged: 1 });
    expect((await namesOf(who.workspaceId))["L-1"]).toBe("Crêpe brûlée façon grand-mère");
    // Windows-1252 declared and uploaded as a file: 'Œ' is a Windows-1252 character
    const cp1252 = googleXml(items).replace('encoding="UTF-8"', 'encoding="windows-1252"');
    const file = await upload(
      who.token,
      "flux.xml",
      new Uint8Array(Buffer.from(cp1252.replace("Œ", "\u008c"), "latin1")),
    );
    expect(file.status).toBe(201);
    const run = await runToEnd(who.token, file.json.id);
    expect(run.counts).toMatchObject({ changed: 2 });
    expect(await namesOf(who.workspaceId)).toEqual({
      "L-1": "Crème brûlée façon grand-mère",
      "L-2": "Œuf à la coque",
    });
    const db = await getDb();
    const [brand] = await db.select().from(products).where(eq(products.sku, "L-1"));
    expect(brand!.brand).toBe("Pâtisserie Noël");
  });
});
