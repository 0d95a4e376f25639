import fs from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, twMerge } from "tailwind-merge";
import { type AnyConfig, createClassGroupLookup } from "tailwind-merge/unstable-do-not-import";
import { describe, expect, it } from "vitest";
import { cn, cnMergeConfig } from "@/lib/cn";

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
  return [...words];
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
    const { classes, differ } = mergeDifferences(classesWrittenInCode(), cnMergeConfig(), cn);
    expect(classes).toBeGreaterThan(300);
    expect(differ).toEqual([]);
  });

  it("finds the pairs merged differently when a class group is missing from cn's configuration", () => {
    const config = cnMergeConfig();
    const classGroups = Object.fromEntries(Object.entries(config.classGroups).filter(([id]) => id !== "px"));
    const narrow = createTailwindMerge(() => ({ ...config, classGroups }));
    const { differ } = mergeDifferences(classesWrittenInCode(), { ...config, classGroups }, narrow);
    expect(differ).toContain('"px-4 px-4": px-4 px-4 ≠ px-4');
  });
});

/**
 * The pairs of `words` that `merge` (built on `config`) merges otherwise than tailwind-merge's full configuration.
 * How a word merges depends only on the class group each configuration finds for it (none: kept as written; and
 * whether a "/…" postfix stays a modifier): one word per pair of lookups stands for all the others, so the pairs
 * compared grow with the class groups in use, not with the words written (all pairs of words: 310,249).
 */
function mergeDifferences(words: string[], config: object, merge: (a: string, b: string) => string) {
  const full = createClassGroupLookup(getDefaultConfig() as unknown as AnyConfig);
  const ours = createClassGroupLookup(config as AnyConfig);
  const signature = (lookup: typeof full, word: string) =>
    lookup(word).map((m) => (m.className === word ? m.classGroupId : `${m.classGroupId}/`));
  const representatives = new Map<string, string>();
  let classes = 0;
  for (const word of words) {
    const key = JSON.stringify([signature(full, word), signature(ours, word)]);
    if (key !== "[[],[]]") classes += 1;
    if (!representatives.has(key)) representatives.set(key, word);
  }
  const kept = [...representatives.values()];
  const differ: string[] = [];
  for (const a of kept) {
    for (const b of kept) {
      const expected = twMerge(a, b);
      const merged = merge(a, b);
      if (merged !== expected) differ.push(`"${a} ${b}": ${merged} ≠ ${expected}`);
    }
  }
  return { classes, differ: differ.slice(0, 40) };
}
