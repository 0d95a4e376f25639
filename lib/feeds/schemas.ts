import { z } from "zod";
import { FEED_FIELDS, FEED_FORMATS, FEED_OUTCOMES, TRACKING_FREQUENCIES } from "@/db/schema";
import { FEED_MSG } from "./messages";

const zName = z
  .string({ error: FEED_MSG.nameRequired })
  .trim()
  .min(1, FEED_MSG.nameRequired)
  .max(100, FEED_MSG.nameTooLong);
const zFrequency = z.enum(TRACKING_FREQUENCIES, { error: FEED_MSG.frequency });
const zUrl = z.string({ error: FEED_MSG.urlRequired }).trim().min(1, FEED_MSG.urlRequired).max(2048);

/** POST /api/feeds: a feed fetched from a URL (a file feed is a multipart upload to /api/feeds/upload). */
export const ZCreateUrlFeed = z.object({ name: zName, url: zUrl, frequency: zFrequency.default("daily") });
export type TCreateUrlFeed = z.output<typeof ZCreateUrlFeed>;

const zColumn = z.string().max(500).nullable();
export const ZFeedMapping = z.object(
  Object.fromEntries(FEED_FIELDS.map((f) => [f, zColumn.optional()])) as Record<
    (typeof FEED_FIELDS)[number],
    z.ZodOptional<typeof zColumn>
  >,
);

/** PATCH /api/feeds/{id}: the feed's name, address, frequency, format and column mapping; absent is unchanged. */
export const ZUpdateFeed = z.object({
  name: zName.optional(),
  url: zUrl.optional(),
  frequency: zFrequency.optional(),
  format: z.enum(FEED_FORMATS, { error: FEED_MSG.format }).optional(),
  mapping: ZFeedMapping.optional(),
});
export type TUpdateFeed = z.output<typeof ZUpdateFeed>;

export const ZFeedRunQuery = z.object({
  outcome: z.enum(FEED_OUTCOMES, { error: "Résultat inconnu" }).optional(),
});
