import { describe, expect, it } from "vitest";
import { maskSecret, openSecret, sealSecret } from "@/lib/secrets/secret-box";

describe("secret box (AES-256-GCM)", () => {
  it("seals with a fresh IV each time and opens back", () => {
    const a = sealSecret("zk_live_abcdef123456");
    const b = sealSecret("zk_live_abcdef123456");
    expect(a).not.toBe(b);
    expect(a).not.toContain("abcdef");
    expect(openSecret(a)).toBe("zk_live_abcdef123456");
  });

  it("refuses an altered text", () => {
    const sealed = sealSecret("secret-value-0001");
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString("base64url");
    expect(() => openSecret(parts.join("."))).toThrow();
    expect(() => openSecret("v1.x")).toThrow("Secret chiffré illisible");
  });

  it("shows only the last 4 characters", () => {
    expect(maskSecret("9f2c")).toBe("••••9f2c");
    expect(maskSecret(null)).toBeNull();
  });
});
