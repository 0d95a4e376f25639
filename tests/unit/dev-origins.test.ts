import { networkInterfaces } from "node:os";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
// the check `next dev` runs on its scripts and hot-reload socket
import { blockCrossSiteDEV } from "next/dist/server/lib/router-utils/block-cross-site-dev";
import { describe, expect, it } from "vitest";
import config from "@/next.config";

function blocked(origin: string, allowed: string[] | undefined): boolean {
  const req = { url: "/_next/webpack-hmr", headers: { origin, "sec-fetch-mode": "cors" } };
  const res = { statusCode: 200, end: () => {} };
  return blockCrossSiteDEV(req as never, res as never, allowed, undefined);
}

const ownIpv4 = Object.values(networkInterfaces())
  .flat()
  .filter((i) => i?.family === "IPv4")
  .map((i) => i!.address);

describe("the dev server hydrates at every address it serves", () => {
  const dev = config(PHASE_DEVELOPMENT_SERVER).allowedDevOrigins;

  it("lets 127.0.0.1, ::1 and the Network address load the dev scripts", () => {
    expect(blocked("http://127.0.0.1:4105", dev)).toBe(false);
    expect(blocked("http://[::1]:4105", dev)).toBe(false);
    for (const address of ownIpv4) expect(blocked(`http://${address}:4105`, dev)).toBe(false);
  });

  it("still refuses a foreign site", () => {
    expect(blocked("http://evil.example", dev)).toBe(true);
  });

  it("leaves production builds and servers without the setting", () => {
    expect(config(PHASE_PRODUCTION_BUILD).allowedDevOrigins).toBeUndefined();
    expect(config(PHASE_PRODUCTION_SERVER).allowedDevOrigins).toBeUndefined();
  });
});
