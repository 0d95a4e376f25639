import { describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const PRODUCT = "00000000-0000-4000-8000-000000000001";
const URL_ID = "00000000-0000-4000-8000-000000000002";

// The data a database held before workspaces: two users, one with a name and a Stripe customer, everything
// they own, and the rows that stay the person's (sessions, outbox).
const BEFORE = `
  insert into plans (id, code, name, type, price_ht_cents) values (1, 'professionnel', 'Professionnel', 'paid', 4900);
  insert into users (id, email, password_hash, first_name, last_name, stripe_customer_id)
    values ('${ADA}', 'ada@exemple.fr', 'x', 'Ada', 'Lovelace', 'cus_ada'),
           ('${BOB}', 'bob@exemple.fr', 'x', '', '', null);
  insert into subscriptions (user_id, plan_id, provider) values ('${ADA}', 1, 'stripe');
  insert into invoices (user_id, provider, status, stripe_invoice_id) values ('${ADA}', 'stripe', 'paid', 'in_1');
  insert into products (id, user_id, name) values ('${PRODUCT}', '${ADA}', 'Casque'), (gen_random_uuid(), '${BOB}', 'Lampe');
  insert into product_urls (id, product_id, user_id, name, url)
    values ('${URL_ID}', '${PRODUCT}', '${ADA}', 'Darty', 'https://www.darty.com/p/1');
  insert into price_history (url_id, price, currency, available) values ('${URL_ID}', 99.90, 'EUR', true);
  insert into scrape_tasks (user_id, product_id, url_id, url, status)
    values ('${ADA}', '${PRODUCT}', '${URL_ID}', 'https://www.darty.com/p/1', 'completed');
  insert into alert_rules (user_id, product_id, kind) values ('${ADA}', '${PRODUCT}', 'any_change');
  insert into alert_channels (user_id, kind, name, url) values ('${ADA}', 'webhook', 'Pricing', 'https://h.exemple.fr/');
  insert into report_preferences (user_id, frequency) values ('${ADA}', 'weekly');
  insert into report_sends (user_id, period_key) values ('${ADA}', 'weekly:2026-W48');
  insert into api_tokens (user_id, kind, name, token_hash) values ('${ADA}', 'api', 'ERP', 'h1'), ('${BOB}', 'session', 'login', 'h2');
  insert into sessions (user_id, expires_at) values ('${ADA}', now() + interval '1 day');
  insert into email_outbox (user_id, "to", "from", subject, html) values ('${ADA}', 'ada@exemple.fr', 'a@b.fr', 'S', 'H');
`;

const OWNED = [
  "products",
  "product_urls",
  "scrape_tasks",
  "alert_rules",
  "alert_channels",
  "report_preferences",
  "report_sends",
  "subscriptions",
  "invoices",
];

describe("the workspaces migration on a database that already has users", () => {
  it("gives each user a workspace whose id is theirs, owned by them, and moves every row to it unchanged", async () => {
    const { client, applyIt } = await databaseBefore("_workspaces");
    const rows = async <T>(query: string) => (await client.query<T>(query)).rows;
    try {
      await client.exec(BEFORE);
      const owners = async (table: string) =>
        rows<{ owner: string; n: number }>(
          `select user_id as owner, count(*)::int as n from ${table} group by 1 order by 1`,
        );
      const before = Object.fromEntries(await Promise.all(OWNED.map(async (t) => [t, await owners(t)] as const)));
      const ids = async (table: string) => rows<{ id: string }>(`select id::text from ${table} order by id`);
      const idsBefore = await Promise.all(["products", "product_urls", "alert_rules", "api_tokens"].map(ids));

      await applyIt();

      expect(await rows("select id, name, stripe_customer_id from workspaces order by id")).toEqual([
        { id: ADA, name: "Ada Lovelace", stripe_customer_id: "cus_ada" },
        { id: BOB, name: "bob@exemple.fr", stripe_customer_id: null },
      ]);
      expect(await rows("select workspace_id, user_id, role from workspace_members order by user_id")).toEqual([
        { workspace_id: ADA, user_id: ADA, role: "owner" },
        { workspace_id: BOB, user_id: BOB, role: "owner" },
      ]);
      expect(await rows("select id, last_workspace_id from users order by id")).toEqual([
        { id: ADA, last_workspace_id: ADA },
        { id: BOB, last_workspace_id: BOB },
      ]);
      // every owned row now belongs to the workspace of the same id: nothing lost, nothing moved
      for (const table of OWNED) {
        const after = await rows<{ owner: string; n: number }>(
          `select workspace_id as owner, count(*)::int as n from ${table} group by 1 order by 1`,
        );
        expect({ table, after }).toEqual({ table, after: before[table] });
      }
      expect(await Promise.all(["products", "product_urls", "alert_rules", "api_tokens"].map(ids))).toEqual(idsBefore);
      expect(await rows("select user_id, workspace_id, role from api_tokens order by user_id")).toEqual([
        { user_id: ADA, workspace_id: ADA, role: "owner" },
        { user_id: BOB, workspace_id: BOB, role: "owner" },
      ]);
      // the person's rows keep their user
      expect(await rows("select user_id, workspace_id from sessions")).toEqual([{ user_id: ADA, workspace_id: null }]);
      expect(await rows("select user_id from email_outbox")).toEqual([{ user_id: ADA }]);
      expect(await rows("select count(*)::int as n from price_history")).toEqual([{ n: 1 }]);
      // the hot queries keep their indexes, under their new names
      const indexes = (await rows<{ indexname: string }>("select indexname from pg_indexes")).map((r) => r.indexname);
      expect(indexes).toEqual(
        expect.arrayContaining([
          "products_workspace_created_idx",
          "product_urls_workspace_idx",
          "scrape_tasks_workspace_created_idx",
          "price_flags_workspace_created_idx",
          "invoices_workspace_created_idx",
          "api_tokens_workspace_idx",
          "workspace_members_user_idx",
        ]),
      );
      expect(indexes.filter((name) => /_user_(created_)?idx$/.test(name)).sort()).toEqual([
        "api_tokens_user_idx",
        "email_outbox_user_idx",
        "email_verification_tokens_user_idx",
        "password_reset_tokens_user_idx",
        "sessions_user_idx",
        "workspace_members_user_idx",
      ]);
      // a workspace's deletion takes what it owns
      await client.exec(`delete from workspaces where id = '${ADA}'`);
      expect(await rows(`select count(*)::int as n from products where workspace_id = '${ADA}'`)).toEqual([{ n: 0 }]);
      expect(await rows(`select count(*)::int as n from users where id = '${ADA}'`)).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  });
});
