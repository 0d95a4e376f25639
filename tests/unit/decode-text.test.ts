import { describe, expect, it } from "vitest";
import { decodeText } from "@/lib/core/decode-text";
import { decodeXml } from "@/lib/feeds/read-feed-source";
import { parseImportFile } from "@/lib/products/import/parse-import-file";

// 'Œuf à 3 € – l’unité' in Windows-1252
const CP1252 = new Uint8Array([0x8c, 0x75, 0x66, 0x20, 0xe0, 0x20, 0x33, 0x20, 0x80, 0x20, 0x96, 0x20, 0x6c, 0x92]);

describe("decodeText", () => {
  it("reads Windows-1252 (and ISO-8859-1, its WHATWG alias) with its characters at 0x80–0x9F", () => {
    expect(decodeText(CP1252, "windows-1252")).toBe("Œuf à 3 € – l’");
    expect(decodeText(CP1252, "ISO-8859-1")).toBe("Œuf à 3 € – l’");
    expect(decodeText(new TextEncoder().encode("Crème"), "UTF-8")).toBe("Crème");
    expect(decodeText(CP1252, "klingon")).toBeNull();
  });

  it("an Excel CSV in Windows-1252 keeps its euro signs and apostrophes", async () => {
    const head = new TextEncoder().encode("produit;source;url\n");
    const line = new Uint8Array([...CP1252, ...new TextEncoder().encode(";Boutique;https://b.exemple.fr/1\n")]);
    const rows = await parseImportFile(new Uint8Array([...head, ...line]), "export.csv");
    expect(rows.map((r) => r.product)).toEqual(["Œuf à 3 € – l’"]);
  });
});

describe("decodeXml", () => {
  const xml = (declaration: string, body: Uint8Array) =>
    new Uint8Array([...new TextEncoder().encode(`${declaration}<t>`), ...body, ...new TextEncoder().encode("</t>")]);

  it("follows the BOM, then the HTTP charset, then the declaration, else UTF-8", () => {
    const declared = xml('<?xml version="1.0" encoding="ISO-8859-1"?>', CP1252);
    expect(decodeXml(declared)).toContain("<t>Œuf à 3 € – l’</t>");
    expect(decodeXml(xml("", CP1252), "windows-1252")).toBe("<t>Œuf à 3 € – l’</t>");
    // a server's default 'utf-8' on bytes that are not UTF-8: the declaration wins
    expect(decodeXml(declared, "utf-8")).toContain("<t>Œuf à 3 € – l’</t>");
    const utf8 = new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><t>Crème</t>');
    expect(decodeXml(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toContain("<t>Crème</t>");
    expect(decodeXml(new TextEncoder().encode("<t>Crème</t>"))).toBe("<t>Crème</t>");
  });
});
