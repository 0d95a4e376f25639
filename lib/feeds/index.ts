// The public face of lib/feeds: other domains import from here only (DESIGN §10).
export { nextFeedRun } from "./feed-schedule";
export { failFeedRun, finishFeedRun } from "./finish-feed-run";
export { loadFeedRun } from "./load-feed-run";
export { queueFeedRun } from "./start-feed-run";
export { writeFeedBatch } from "./write-feed-batch";
