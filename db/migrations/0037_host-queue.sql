ALTER TABLE "host_politeness" ADD COLUMN "waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "host_politeness" ADD COLUMN "next_rank" integer;--> statement-breakpoint
ALTER TABLE "host_politeness" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "host_politeness" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "host_politeness_waiting_idx" ON "host_politeness" USING btree ("next_rank","next_run_at","host") WHERE "host_politeness"."waiting" > 0;--> statement-breakpoint
-- Each host's waiting tasks (issue 26): a claim walks host_politeness_waiting_idx, the ready hosts best first,
-- instead of finding every host with waiting tasks in scrape_tasks and reading each one's first tasks. A
-- statement trigger adds each statement's change per host: `waiting` by deltas; the bounds by least() when
-- tasks arrive, recomputed from scrape_tasks_claim_idx (one probe per rank) when a waiting task leaves or
-- changes. The hosts' rows are locked first, in the hosts' byte order as a claim locks them (lockHostSlots); the
-- recomputing statement starts after the locks, so it sees the tasks of every writer that held them before,
-- and a writer after it applies its least() to the recomputed row: the bounds never rise above a waiting task.
-- A statement that moves no waiting task (a lease renewed, a finished task) writes nothing.
CREATE FUNCTION "host_queue_on_scrape_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hosts text[];
  deltas int[];
  removed boolean[];
  ranks int[];
  runs timestamptz[];
  dues timestamptz[];
BEGIN
  -- the waiting tasks the statement added (+1, with their claim rank and run_at) and removed or changed (-1)
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      INTO hosts, deltas, ranks, runs
      FROM (SELECT "host", 1 AS "n", (CASE "priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) AS "rank", "run_at" FROM new_rows WHERE "status" IN ('pending', 'retry')) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      INTO hosts, deltas, ranks, runs
      FROM (SELECT "host", -1 AS "n", NULL::int AS "rank", NULL::timestamptz AS "run_at" FROM old_rows WHERE "status" IN ('pending', 'retry')) x;
  ELSE
    SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      INTO hosts, deltas, ranks, runs
      FROM (SELECT o."host", -1 AS "n", NULL::int AS "rank", NULL::timestamptz AS "run_at"
              FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."status" IN ('pending', 'retry') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                OR n."host" <> o."host")
            UNION ALL
            SELECT n."host", 1, (CASE n."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), n."run_at"
              FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" IN ('pending', 'retry') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                OR n."host" <> o."host")) x;
  END IF;
  IF hosts IS NULL THEN
    RETURN NULL;
  END IF;
  -- per host, in host order: the change of `waiting`, whether a waiting task left, the best and earliest added
  SELECT array_agg(g."host" ORDER BY g."host"), array_agg(g."n" ORDER BY g."host"), array_agg(g."rm" ORDER BY g."host"),
         array_agg(g."rank" ORDER BY g."host"), array_agg(g."run_at" ORDER BY g."host"), array_agg(g."due" ORDER BY g."host")
    INTO hosts, deltas, removed, ranks, runs, dues
    FROM (SELECT x."host", sum(x."n")::int AS "n", bool_or(x."n" < 0) AS "rm",
                 (array_agg(x."rank" ORDER BY x."rank", x."run_at") FILTER (WHERE x."n" > 0))[1] AS "rank",
                 (array_agg(x."run_at" ORDER BY x."rank", x."run_at") FILTER (WHERE x."n" > 0))[1] AS "run_at",
                 min(x."run_at") FILTER (WHERE x."n" > 0) AS "due"
            FROM unnest(hosts, deltas, ranks, runs) AS x("host", "n", "rank", "run_at") GROUP BY x."host") g;
  INSERT INTO "host_politeness" ("host")
    SELECT h FROM unnest(hosts) h WHERE NOT EXISTS (SELECT 1 FROM "host_politeness" p WHERE p."host" = h)
     ORDER BY h COLLATE "C" ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "host_politeness" WHERE "host" = ANY (hosts) ORDER BY "host" COLLATE "C" FOR UPDATE;
  UPDATE "host_politeness" p SET "waiting" = p."waiting" + g."n",
      "next_rank" = CASE WHEN p."next_rank" IS NULL OR (g."rank", g."run_at") < (p."next_rank", p."next_run_at")
        THEN g."rank" ELSE p."next_rank" END,
      "next_run_at" = CASE WHEN p."next_rank" IS NULL OR (g."rank", g."run_at") < (p."next_rank", p."next_run_at")
        THEN g."run_at" ELSE p."next_run_at" END,
      "due_at" = least(p."due_at", g."due")
    FROM unnest(hosts, deltas, removed, ranks, runs, dues) AS g("host", "n", "rm", "rank", "run_at", "due")
   WHERE p."host" = g."host" AND NOT g."rm";
  UPDATE "host_politeness" p SET "waiting" = p."waiting" + g."n",
      ("next_rank", "next_run_at") = (SELECT (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), t."run_at" FROM "scrape_tasks" t
        WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry') ORDER BY (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), t."run_at" LIMIT 1),
      "due_at" = least((SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 0 ORDER BY t."run_at" LIMIT 1),
                       (SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 1 ORDER BY t."run_at" LIMIT 1),
                       (SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 2 ORDER BY t."run_at" LIMIT 1))
    FROM unnest(hosts, deltas, removed) AS g("host", "n", "rm")
   WHERE p."host" = g."host" AND g."rm";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "host_queue_task_insert" AFTER INSERT ON "scrape_tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "host_queue_on_scrape_tasks"();
--> statement-breakpoint
CREATE TRIGGER "host_queue_task_update" AFTER UPDATE ON "scrape_tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "host_queue_on_scrape_tasks"();
--> statement-breakpoint
CREATE TRIGGER "host_queue_task_delete" AFTER DELETE ON "scrape_tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "host_queue_on_scrape_tasks"();
--> statement-breakpoint
INSERT INTO "host_politeness" ("host")
SELECT DISTINCT "host" FROM "scrape_tasks" WHERE "status" IN ('pending', 'retry') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "host_politeness" p SET "waiting" = s."n", "next_rank" = s."rank", "next_run_at" = s."run_at", "due_at" = s."due"
  FROM (SELECT "host", count(*)::int AS "n", min("run_at") AS "due",
               (array_agg((CASE "priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) ORDER BY (CASE "priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), "run_at"))[1] AS "rank",
               (array_agg("run_at" ORDER BY (CASE "priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), "run_at"))[1] AS "run_at"
          FROM "scrape_tasks" WHERE "status" IN ('pending', 'retry') GROUP BY "host") s
 WHERE p."host" = s."host";
