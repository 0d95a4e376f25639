import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "@/instrumentation-client";

describe("instrumentation-client", () => {
  it("turns zod's JIT off (the CSP forbids `new Function`) in the settings zod reads", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });

  it("does not import zod: every page loads this file first", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "../../instrumentation-client.ts"), "utf8");
    expect(source).not.toMatch(/^\s*import\b/m);
  });
});
