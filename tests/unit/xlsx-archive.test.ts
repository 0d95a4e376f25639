import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { errorBody } from "@/lib/http/error-table";
import { parseImportFile } from "@/lib/products/import/parse-import-file";
import { readXlsxArchive } from "@/lib/products/import/read-xlsx-archive";
import { centralHeader, endRecord, huge, localHeader, MIB, plainZip, polyglot, tiny } from "../helpers/hostile-zip";

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, body } = errorBody(error as AppError);
  return { status, code: body.code, message: body.detail };
}

/** Growth of the process's peak resident memory while `run` runs, in MiB. */
async function peakGrowthMib(run: () => Promise<unknown>) {
  const before = process.resourceUsage().maxRSS;
  await run();
  return (process.resourceUsage().maxRSS - before) / 1024;
}

describe("XLSX archives are measured as they are inflated", () => {
  it("refuses the polyglot (fake central directory in front of a 2,000 MiB entry) without inflating it", async () => {
    const bytes = polyglot(2000);
    expect(bytes.length).toBeLessThan(5 * MIB);
    // what exceljs would open: the real directory and its 2,000 MiB entry
    const seen = await JSZip.loadAsync(bytes);
    expect(Object.keys(seen.files)).toEqual(["xl/worksheets/sheet1.xml"]);
    let result: Awaited<ReturnType<typeof refusal>> | undefined;
    const growth = await peakGrowthMib(async () => {
      result = await refusal(parseImportFile(new Uint8Array(bytes), "catalogue.xlsx"));
    });
    expect(result).toEqual({ status: 422, code: "invalid_file", message: "Fichier XLSX illisible" });
    expect(growth).toBeLessThan(300);
  });

  it("stops inflating a 2,000 MiB entry that declares 1 byte at the 25 Mo limit (413)", async () => {
    const bytes = plainZip([tiny, huge(2000, 1)]);
    let result: Awaited<ReturnType<typeof refusal>> | undefined;
    const growth = await peakGrowthMib(async () => {
      result = await refusal(parseImportFile(new Uint8Array(bytes), "catalogue.xlsx"));
    });
    expect(result).toEqual({
      status: 413,
      code: "payload_too_large",
      message:
        "Le fichier XLSX décompressé dépasse la taille maximale autorisée (25 Mo) : importez moins de lignes ou un CSV",
    });
    expect(growth).toBeLessThan(300);
  });

  it("counts every entry's inflated bytes together and refuses at the first byte over the limit", async () => {
    const exactly = plainZip([huge(1, 1), { ...huge(1, 1), name: "xl/b.xml" }]);
    await expect(readXlsxArchive(exactly, { maxBytes: 2 * MIB })).resolves.toBeInstanceOf(Buffer);
    const over = plainZip([huge(1, 1), { ...huge(1, 1), name: "xl/b.xml" }, { ...tiny, data: Buffer.from("x") }]);
    expect((await refusal(readXlsxArchive(over, { maxBytes: 2 * MIB }))).status).toBe(413);
    // the same entry listed many times is inflated (and counted) each time
    const part = huge(1, 1);
    const local = localHeader(part);
    const central = Buffer.concat(Array.from({ length: 3 }, () => centralHeader(part, 0)));
    const overlapping = Buffer.concat([local, central, endRecord(3, central.length, local.length)]);
    expect((await refusal(readXlsxArchive(overlapping, { maxBytes: 2 * MIB }))).status).toBe(413);
  });

  it("refuses past the entry limit however many entries the end record declares", async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ ...tiny, name: `xl/p${i}.xml` }));
    const zip = plainZip(parts);
    zip.writeUInt16LE(1, zip.length - 22 + 8);
    zip.writeUInt16LE(1, zip.length - 22 + 10);
    const result = await refusal(readXlsxArchive(zip, { maxEntries: 4 }));
    expect(result).toEqual({
      status: 422,
      code: "invalid_file",
      message: "Fichier XLSX illisible : plus de 4 éléments dans l'archive",
    });
  });

  it("still reads a real workbook from the rebuilt archive", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Produits");
    sheet.addRow(["produit", "source", "url"]);
    sheet.addRow(["Casque", "Boutique", "https://shop.example/casque"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const rows = await parseImportFile(bytes, "catalogue.xlsx");
    expect(rows).toEqual([
      {
        line: 2,
        product: "Casque",
        description: "",
        source: "Boutique",
        url: "https://shop.example/casque",
        frequency: "",
      },
    ]);
  });
});
