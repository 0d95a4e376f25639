"use client";

import { useSearchParams } from "next/navigation";
import { INVALID_LINK, UnsubscribeConfirm } from "@/components/unsubscribe/unsubscribe-confirm";
import { Alert } from "@/components/ui/alert";

/** Confirms, then stops, the scheduled report named by the signed link's token. */
export function ReportUnsubscribeView() {
  const token = useSearchParams().get("token") ?? "";
  if (!token) return <Alert tone="error">{INVALID_LINK}</Alert>;
  return (
    <UnsubscribeConfirm path={`/api/reports/unsubscribe?token=${encodeURIComponent(token)}`}>
      Ne plus recevoir le rapport par email ?
    </UnsubscribeConfirm>
  );
}
