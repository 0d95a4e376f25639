import { eq } from "drizzle-orm";
import { productUrls } from "@/db/schema";
import { inTransaction } from "@/lib/jobs";
import { queueEvidenceCapture } from "./queue-evidence-capture";

export type TOpenedFlag = {
  id: string;
  workspaceId: string;
  productId: string;
  urlId: string;
  readingId: number;
  at: Date;
};

/**
 * Starts the capture of a flag that has just opened (its own transaction, after the flag's insert). Never throws:
 * a flag is recorded whatever becomes of its evidence; a full evidence store leaves a failed capture saying so.
 */
export async function requestFlagEvidence(flag: TOpenedFlag): Promise<void> {
  try {
    await inTransaction(async (tx) => {
      const [url] = await tx
        .select({ url: productUrls.url })
        .from(productUrls)
        .where(eq(productUrls.id, flag.urlId))
        .limit(1);
      if (!url) return;
      await queueEvidenceCapture(tx, {
        workspaceId: flag.workspaceId,
        productId: flag.productId,
        urlId: flag.urlId,
        url: url.url,
        flagId: flag.id,
        readingId: flag.readingId,
        readingAt: flag.at,
      });
    });
  } catch (error) {
    console.error("[preuves] capture du signalement non lancée", flag.id, error);
  }
}
