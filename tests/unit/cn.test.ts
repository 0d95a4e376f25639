import { describe, expect, it } from "vitest";
import { cn } from "@/lib/cn";

describe("cn", () => {
  it("skips falsy values", () => {
    expect(cn("a", false, null, undefined, 0, "b")).toBe("a b");
  });

  it("lets a later Tailwind class override a conflicting one", () => {
    expect(cn("max-w-lg px-4", "max-w-4xl")).toBe("px-4 max-w-4xl");
    expect(cn("text-zinc-500", "text-red-700")).toBe("text-red-700");
  });
});
