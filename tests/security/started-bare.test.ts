import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";

describe("the app started without APP_ENV (NODE_ENV=production next start, NEXTAUTH_SECRET only)", () => {
  it("starts on its embedded defaults and answers", async () => {
    const res = await fetch(bare("/api/health"));
    expect(res.status).toBe(200);
  });
});
