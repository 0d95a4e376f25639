import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { products } from "@/db/schema";
import { GET as facets } from "@/app/api/products/facets/route";
import { GET as list } from "@/app/api/products/route";
import { FACET_LIMIT } from "@/lib/products/list/list-facets";
import type { TProductFacets } from "@/lib/products/list/list-schema";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";

async function facetsOf(token: string) {
  const res = await call<TProductFacets>(facets, "/api/products/facets", { token });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

describe("GET /api/products/facets", () => {
  it("offers the workspace's brands, categories (with their parents) and tags with their counts, never another's", async () => {
    const me = await signUp();
    const other = await signUp();
    const db = await getDb();
    await db.insert(products).values([
      {
        workspaceId: me.workspaceId,
        name: "Robot",
        brand: "Kenwood",
        category: "Maison > Cuisine > Robots",
        tags: ["promo", "rentrée"],
      },
      {
        workspaceId: me.workspaceId,
        name: "Bouilloire",
        brand: "Moulinex",
        category: "Maison > Cuisine",
        tags: ["promo"],
      },
      {
        workspaceId: me.workspaceId,
        name: "Blender",
        brand: "Kenwood",
        category: "Maison > Cuisine > Robots",
        tags: [],
      },
      { workspaceId: me.workspaceId, name: "Perceuse", brand: "Bosch", category: "Bricolage", tags: [] },
      { workspaceId: me.workspaceId, name: "Sans rien" },
      {
        workspaceId: other.workspaceId,
        name: "Secret",
        brand: "Concurrent caché",
        category: "Maison > Secret",
        tags: ["promo", "interne"],
      },
    ]);

    const mine = await facetsOf(me.token);
    expect(mine).toEqual({
      brands: [
        { value: "Bosch", count: 1 },
        { value: "Kenwood", count: 2 },
        { value: "Moulinex", count: 1 },
      ],
      categories: [
        { value: "Bricolage", count: 1 },
        { value: "Maison", count: 3 },
        { value: "Maison > Cuisine", count: 3 },
        { value: "Maison > Cuisine > Robots", count: 2 },
      ],
      tags: [
        { value: "promo", count: 2 },
        { value: "rentrée", count: 1 },
      ],
    });
    // each count is what the list's filter finds
    for (const [key, values] of [
      ["brand", mine.brands],
      ["category", mine.categories],
      ["tag", mine.tags],
    ] as const)
      for (const { value, count } of values) {
        const res = await call(list, "/api/products", { token: me.token, query: { [key]: value } });
        expect(Number(res.headers.get("x-total-count")), `${key}=${value}`).toBe(count);
      }

    expect(await facetsOf(other.token)).toEqual({
      brands: [{ value: "Concurrent caché", count: 1 }],
      categories: [
        { value: "Maison", count: 1 },
        { value: "Maison > Secret", count: 1 },
      ],
      tags: [
        { value: "interne", count: 1 },
        { value: "promo", count: 1 },
      ],
    });

    // a Lecteur of the workspace reads them too; nobody signed in does not
    const reader = await signUp();
    await addMember(me.workspaceId, reader.userId, "reader");
    expect(await facetsOf(await tokenIn(me.workspaceId, reader.userId))).toEqual(mine);
    const anonymous = await call(facets, "/api/products/facets");
    expect(anonymous.status).toBe(401);
  });

  it(`offers the ${FACET_LIMIT} most frequent values of a filter, in alphabetical order`, async () => {
    const me = await signUp();
    const db = await getDb();
    await db.execute(sql`
      insert into products (workspace_id, name, brand, tags)
      select ${me.workspaceId}::uuid, 'Produit ' || g, 'Marque ' || lpad(g::text, 4, '0'), array['t' || g]
        from generate_series(1, ${FACET_LIMIT + 10}) g`);
    await db.insert(products).values([
      { workspaceId: me.workspaceId, name: "Encore", brand: "Marque 0999", tags: ["t999"] },
      { workspaceId: me.workspaceId, name: "Encore 2", brand: "Marque 0999", tags: ["t999"] },
    ]);
    const { brands, tags } = await facetsOf(me.token);
    expect(brands.length).toBe(FACET_LIMIT);
    expect(brands.find((b) => b.value === "Marque 0999")).toEqual({ value: "Marque 0999", count: 2 });
    expect(brands.map((b) => b.value)).toEqual(brands.map((b) => b.value).sort());
    expect(tags.length).toBe(FACET_LIMIT);
    expect(tags.find((t) => t.value === "t999")).toEqual({ value: "t999", count: 2 });
  });

  it("keeps its counts equal to a recount through inserts, edits, bulk edits and deletions", async () => {
    const me = await signUp();
    const other = await signUp();
    const db = await getDb();
    const stored = () =>
      queryRows<{ kind: string; value: string; n: number }>(
        db,
        sql`select kind, value, products as n from product_facets where workspace_id = ${me.workspaceId}
             order by kind, value`,
      );
    const recount = () =>
      queryRows<{ kind: string; value: string; n: number }>(
        db,
        sql`select f.kind, f.value, count(*)::int as n
              from products p
             cross join lateral (select 'brand' as kind, p.brand as value where p.brand is not null
                                 union select 'category', p.category where p.category is not null
                                 union select 'tag', t from unnest(p.tags) t) f
             where p.workspace_id = ${me.workspaceId}
             group by 1, 2 order by 1, 2`,
      );
    await db.execute(sql`
      insert into products (workspace_id, name, brand, category, tags)
      select ${me.workspaceId}::uuid, 'Produit ' || g, 'Marque ' || (g % 7), 'Maison > Rayon ' || (g % 3),
             case when g % 2 = 0 then array['promo', 'été'] else array['promo'] end
        from generate_series(1, 60) g`);
    await db
      .insert(products)
      .values({ workspaceId: other.workspaceId, name: "Ailleurs", brand: "Marque 1", tags: ["promo"] });
    expect(await stored()).toEqual(await recount());
    expect((await stored()).find((r) => r.kind === "tag" && r.value === "promo")?.n).toBe(60);

    // a bulk tag, a brand changed, a category cleared, a duplicate tag, a statement that changes none of them
    await db.execute(sql`update products set tags = array_append(tags, 'soldes') where workspace_id = ${me.workspaceId}
                          and name like 'Produit 1%'`);
    await db.execute(
      sql`update products set brand = 'Marque 0' where workspace_id = ${me.workspaceId} and brand = 'Marque 6'`,
    );
    await db.execute(
      sql`update products set category = null where workspace_id = ${me.workspaceId} and name = 'Produit 3'`,
    );
    await db.execute(
      sql`update products set tags = array['promo', 'promo'] where workspace_id = ${me.workspaceId} and name = 'Produit 4'`,
    );
    await db.execute(sql`update products set description = 'revu' where workspace_id = ${me.workspaceId}`);
    expect(await stored()).toEqual(await recount());
    expect((await stored()).some((r) => r.value === "Marque 6")).toBe(false);

    // deletions: values nobody carries any more are gone
    await db.execute(sql`delete from products where workspace_id = ${me.workspaceId} and tags @> array['été']`);
    expect(await stored()).toEqual(await recount());
    expect((await stored()).some((r) => r.value === "été")).toBe(false);

    // the other workspace's counts never moved; deleting a whole workspace leaves none of its rows
    await db.execute(sql`delete from workspaces where id = ${me.workspaceId}`);
    expect(await stored()).toEqual([]);
    const theirs = await queryRows<{ n: number }>(
      db,
      sql`select products as n from product_facets where workspace_id = ${other.workspaceId} and value = 'promo'`,
    );
    expect(theirs).toEqual([{ n: 1 }]);
  });
});
