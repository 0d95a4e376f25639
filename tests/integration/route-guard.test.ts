import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

const visit = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

// SPEC §2: the login form brings the visitor back to the full target path, query string included
describe("the route guard keeps the whole target", () => {
  it("hands every page its path and query, for the pages that send a visitor to the login form themselves", async () => {
    const id = "0b8e3f52-7d3c-4c7e-9a55-2f1f3f0b6c11";
    const res = await visit(`/products/${id}?x=1&onglet=historique`);
    expect(res.headers.get("x-middleware-request-x-page-path")).toBe(`/products/${id}?x=1&onglet=historique`);
    const rsc = await visit(`/checkout/demo?session_id=abc&_rsc=1x2y`);
    expect(rsc.headers.get("x-middleware-request-x-page-path")).toBe("/checkout/demo?session_id=abc");
  });

  it("redirects a visitor of a guarded page with the full path", async () => {
    const res = await visit("/market?vue=marchands&tri=prix");
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirect")).toBe("/market?vue=marchands&tri=prix");
  });

  it("overwrites a page path sent by the client", async () => {
    const res = await proxy(
      new NextRequest("http://localhost:3000/products", { headers: { "x-page-path": "//evil.example" } }),
    );
    expect(res.headers.get("x-middleware-request-x-page-path")).toBe("/products");
  });
});
