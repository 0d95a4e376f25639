import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";
import { buildExportFilename, contentDisposition } from "@/lib/exports/build-export-filename";
import { createCsvStream } from "@/lib/exports/create-csv-stream";
import { date, money, text, type TCell } from "@/lib/exports/csv-dialects";
import { formatCsvRow, neutraliseFormula } from "@/lib/exports/format-csv-row";

const when = new Date("2026-07-14T08:05:00Z"); // 10:05 in Paris (summer time)
const winter = new Date("2026-01-05T23:30:00Z"); // 00:30 on the 6th in Paris

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function* rowsOf(rows: TCell[][]) {
  for (const r of rows) yield r;
}

describe("CSV dialects", () => {
  it("excel: ';' separator, decimal comma, Paris dd/mm/yyyy HH:mm", () => {
    expect(formatCsvRow([text("Boulanger"), money(129999), date(when)], "excel")).toBe(
      "Boulanger;1299,99;14/07/2026 10:05",
    );
    expect(formatCsvRow([date(winter)], "excel")).toBe("06/01/2026 00:30");
  });

  it("standard: RFC 4180 with ',' and '.', ISO dates", () => {
    expect(formatCsvRow([text("Boulanger"), money(129999), date(when)], "standard")).toBe(
      "Boulanger,1299.99,2026-07-14T08:05:00.000Z",
    );
  });

  it("quotes separators, quotes and line breaks, doubling inner quotes", () => {
    expect(formatCsvRow([text('Fnac "Paris"; Ternes')], "excel")).toBe('"Fnac ""Paris""; Ternes"');
    expect(formatCsvRow([text("a,b")], "excel")).toBe("a,b");
    expect(formatCsvRow([text("a,b")], "standard")).toBe('"a,b"');
    expect(formatCsvRow([text("ligne\nsuivante")], "standard")).toBe('"ligne\nsuivante"');
  });

  it("empty cells for missing values", () => {
    expect(formatCsvRow([text(null), money(null), date(null)], "excel")).toBe(";;");
  });
});

describe("formula injection", () => {
  it.each(['=HYPERLINK("http://x")', "+33 1 23", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("neutralises %j", (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it("leaves ordinary text alone and never touches price cells", () => {
    expect(neutraliseFormula("Amazon")).toBe("Amazon");
    expect(formatCsvRow([money(-150)], "excel")).toBe("-1,50");
    expect(formatCsvRow([text("=1+1"), money(1000)], "standard")).toBe("'=1+1,10.00");
  });

  it.each([
    ["a;=1+1", "a;'=1+1"],
    ["a,=1+1", "a,'=1+1"],
    ["x; +1;-2,@3", "x;' +1;'-2,'@3"],
    [" =1+1", "' =1+1"],
    ['"=1+1"', `'"=1+1"`],
    ["a;\t=1", "a;'\t=1"],
    ["ligne\n=1+1", "ligne\n'=1+1"],
    ["Prix 12,50 €; promo -20 %", "Prix 12,50 €; promo -20 %"],
  ])("neutralises every piece a spreadsheet could split off: %j", (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it("a formula after the other dialect's separator is neutralised in both dialects", () => {
    expect(formatCsvRow([text("a;=1+1")], "standard")).toBe("a;'=1+1");
    expect(formatCsvRow([text("a,=1+1")], "excel")).toBe("a,'=1+1");
  });

  it("a neutralised cell that needs quoting is quoted after the prefix", () => {
    expect(formatCsvRow([text("=A1;B1")], "excel")).toBe('"\'=A1;B1"');
  });
});

describe("createCsvStream", () => {
  it("excel dialect starts with a UTF-8 BOM and uses CRLF; round-trips through a CSV parser", async () => {
    const bytes = await readAll(
      createCsvStream(
        ["Source", "Prix"],
        rowsOf([
          [text("Darty"), money(1999)],
          [text("Électro Dépôt"), money(5)],
        ]),
        "excel",
      ),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes.slice(3));
    expect(body).toBe("Source;Prix\r\nDarty;19,99\r\nÉlectro Dépôt;0,05\r\n");
    const parsed = Papa.parse<string[]>(body.trim(), { delimiter: ";" });
    expect(parsed.data).toEqual([
      ["Source", "Prix"],
      ["Darty", "19,99"],
      ["Électro Dépôt", "0,05"],
    ]);
  });

  it("standard dialect has no BOM", async () => {
    const bytes = await readAll(createCsvStream(["A"], rowsOf([[text("x")]]), "standard"));
    expect(new TextDecoder().decode(bytes)).toBe("A\r\nx\r\n");
  });

  it("reads the source lazily: only what the consumer pulls", async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced++;
        yield [text("x")];
      }
    }
    const reader = createCsvStream(["A"], endless(), "standard").getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThanOrEqual(3000);
  });

  it("a download abandoned while a batch is being read ends quietly, the source closed", async () => {
    let release: (() => void) | null = null;
    let closed = false;
    async function* slow() {
      try {
        yield [text("x")];
        // the next batch: still on its way when the client leaves
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        yield [text("y")];
      } finally {
        closed = true;
      }
    }
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reader = createCsvStream(["A"], slow(), "standard").getReader();
      const pending = reader.read();
      await vi.waitFor(() => expect(release).not.toBeNull());
      const cancelled = reader.cancel();
      release!();
      await cancelled;
      await pending;
      await vi.waitFor(() => expect(closed).toBe(true));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("export file names", () => {
  it("replaces spaces by underscores (SPEC.md §3)", () => {
    expect(buildExportFilename("Café moulu 1 kg", "historique_complet", "csv")).toBe(
      "Café_moulu_1_kg_historique_complet.csv",
    );
    expect(buildExportFilename("a/b:c", "derniers_prix", "csv")).toBe("abc_derniers_prix.csv");
  });

  it("Content-Disposition carries an ASCII fallback and an RFC 6266 filename*", () => {
    expect(contentDisposition("Café_moulu_historique_complet.csv")).toBe(
      "attachment; filename=\"Cafe_moulu_historique_complet.csv\"; filename*=UTF-8''Caf%C3%A9_moulu_historique_complet.csv",
    );
  });
});

describe("Paris dates of the exports", () => {
  it("match lib/format's formatDateTime every 17 minutes across both 2026 DST changes", async () => {
    const { formatDateTime } = await import("@/lib/format");
    const { formatParisDateTime } = await import("@/lib/core/paris-wall-clock");
    for (const [start, end] of [
      ["2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"],
      ["2026-10-24T00:00:00Z", "2026-10-26T06:00:00Z"],
    ] as const) {
      for (let t = Date.parse(start); t < Date.parse(end); t += 17 * 60_000) {
        expect(formatParisDateTime(new Date(t))).toBe(formatDateTime(new Date(t)));
      }
    }
    expect(formatParisDateTime(new Date("2026-03-29T01:30:00Z"))).toBe("29/03/2026 03:30");
    expect(formatParisDateTime(new Date("2026-10-25T00:30:00Z"))).toBe("25/10/2026 02:30");
    expect(formatParisDateTime(new Date("2026-10-25T01:30:00Z"))).toBe("25/10/2026 02:30");
  });
});
