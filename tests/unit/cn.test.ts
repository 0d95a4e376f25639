import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "@/lib/cn";

/** Every whitespace-separated word of every string literal in the app's source, variants stripped. */
function classesWrittenInCode(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
          for (const word of (m[1] ?? m[2] ?? m[3]).split(/[\s${}]+/)) {
            const base = word.split(":").pop()?.replace(/^!|!$/g, "");
            if (base) words.add(base);
          }
        }
      }
    }
  };
  for (const dir of ["app", "components", "client", "lib"]) walk(path.resolve(import.meta.dirname, "../..", dir));
  // a word neither merge knows is kept as written by both
  return [...words].filter((w) => twMerge(`${w} ${w}`) === w || cn(w, w) === w);
}

describe("cn", () => {
  it("skips falsy values", () => {
    expect(cn("a", false, null, undefined, 0, "b")).toBe("a b");
  });

  it("lets a later Tailwind class override a conflicting one", () => {
    expect(cn("max-w-lg px-4", "max-w-4xl")).toBe("px-4 max-w-4xl");
    expect(cn("text-zinc-500", "text-red-700")).toBe("text-red-700");
    expect(cn("rounded-xl border border-zinc-200 bg-white shadow-xs", "px-6 py-8 shadow-sm")).toBe(
      "rounded-xl border border-zinc-200 bg-white px-6 py-8 shadow-sm",
    );
    expect(cn("text-zinc-700 hover:bg-zinc-100 h-10 px-4 text-sm", "text-red-700 hover:bg-red-50 w-full")).toBe(
      "h-10 px-4 text-sm text-red-700 hover:bg-red-50 w-full",
    );
  });

  it("merges every pair of classes written in the code as tailwind-merge's full configuration does", () => {
    const classes = classesWrittenInCode();
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const full = twMerge(a, b);
        const ours = cn(a, b);
        if (ours !== full) differ.push(`"${a} ${b}": ${ours} ≠ ${full}`);
      }
    }
    expect(differ.slice(0, 40)).toEqual([]);
  });
});
