import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { mapFeedRows } from "@/lib/feeds/map-feed-rows";
import { readFeedSource } from "@/lib/feeds/read-feed-source";
import { validateFeedRow } from "@/lib/feeds/validate-feed-row";
import { gtinFromNumber } from "@/lib/products/identity/gtin";
import { parseImportFile } from "@/lib/products/import/parse-import-file";
import { checkIdentity } from "@/lib/products/import/validate-import-row";

const REFUSED = (n: string) =>
  `Code EAN « ${n} » invalide : la cellule est un nombre et aucun GTIN de 12, 13 ou 14 chiffres ne s'en ` +
  "déduit en ajoutant des zéros de tête. Mettez la colonne EAN au format Texte.";

describe("gtinFromNumber", () => {
  it.each([
    ["36000291452", "036000291452"], // UPC-A 036000291452 typed as a number
    ["96385074", "96385074"], // EAN-8 kept
    ["3017620422003", "3017620422003"], // EAN-13 kept
    ["10012345678902", "10012345678902"], // GTIN-14 kept
    ["1234565", "000001234565"], // short: padded to UPC-A
  ])("reads %s as %s", (n, code) => {
    expect(gtinFromNumber(n)).toEqual({ ok: true, code });
  });

  it.each(["36000291453", "3017620422004", "123456789012345", "3.01762042200E+12", "1.5"])(
    "refuses %s with a French reason",
    (n) => {
      expect(gtinFromNumber(n)).toEqual({ ok: false, reason: REFUSED(n) });
    },
  );
});

/** An XLSX whose EAN column holds numbers (leading zeros lost) and a text cell (kept as typed). */
async function workbook(header: string[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Catalogue");
  sheet.addRow(header);
  sheet.addRow(["UPC-1", "Céréales", "Boutique", "https://b.exemple.fr/1", 36000291452]);
  sheet.addRow(["EAN-1", "Pâte à tartiner", "Boutique", "https://b.exemple.fr/2", 3017620422003]);
  sheet.addRow(["BAD-1", "Mixeur", "Boutique", "https://b.exemple.fr/3", 36000291453]);
  sheet.addRow(["TXT-1", "Biscuits", "Boutique", "https://b.exemple.fr/4", "036000291452"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("an EAN from a numeric XLSX cell", () => {
  it("the import pads it back to its GTIN, or refuses the row with a clear reason", async () => {
    const rows = await parseImportFile(await workbook(["sku", "produit", "source", "url", "upc"]), "c.xlsx");
    expect(rows.map((r) => r.ean)).toEqual(["036000291452", "3017620422003", "36000291453", "036000291452"]);
    expect(rows.map((r) => checkIdentity(r))).toEqual([
      { ok: true, identity: expect.objectContaining({ gtins: [{ code: "036000291452", gtin: "00036000291452" }] }) },
      { ok: true, identity: expect.objectContaining({ gtins: [{ code: "3017620422003", gtin: "03017620422003" }] }) },
      { ok: false, reason: REFUSED("36000291453") },
      { ok: true, identity: expect.objectContaining({ gtins: [{ code: "036000291452", gtin: "00036000291452" }] }) },
    ]);
  });

  it("a feed does the same for the column mapped to EAN, whatever its name", async () => {
    const { table } = await readFeedSource(await workbook(["ref", "nom", "source", "url", "code"]), "flux.xlsx");
    const mapping = {
      sku: "ref",
      name: "nom",
      description: null,
      ean: "code",
      brand: null,
      mpn: null,
      category: null,
      tags: null,
      image: null,
      cost_price: null,
      reference_price: null,
      min_price: null,
    };
    const checked = mapFeedRows(table, "veilleprix", mapping).map((r) => {
      const v = validateFeedRow(r);
      return v.ok ? v.data.identity.gtins?.[0]?.code : v.reason;
    });
    expect(checked).toEqual(["036000291452", "3017620422003", REFUSED("36000291453"), "036000291452"]);
    // a number in another column (the SKU here) is never padded
    const other = mapFeedRows(table, "veilleprix", { ...mapping, ean: null, sku: "code" });
    expect(other.map((r) => r.sku)).toEqual(["36000291452", "3017620422003", "36000291453", "036000291452"]);
  });
});
