import { describe, expect, it } from "vitest";
import { safeRedirect } from "@/lib/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/products")).toBe("/products");
    expect(safeRedirect("/subscriptions?plan=2")).toBe("/subscriptions?plan=2");
  });
  it("falls back for missing, absolute, protocol-relative or backslash paths", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect("")).toBe("/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/dashboard");
    expect(safeRedirect("//evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirect("javascript:alert(1)")).toBe("/dashboard");
    expect(safeRedirect("/\tevil")).toBe("/dashboard");
  });
  it("uses the given fallback", () => {
    expect(safeRedirect("//x", "/")).toBe("/");
  });
});
