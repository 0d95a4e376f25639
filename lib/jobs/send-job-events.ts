type TJobEvent = { id?: string; name: string; data: Record<string, unknown> };

/** Sends events to Inngest (only when env.inngestEnabled); the SDK is loaded on first use. */
export async function sendJobEvents(events: TJobEvent | TJobEvent[]): Promise<void> {
  const { inngest } = await import("./inngest-client");
  await inngest.send(events);
}
