import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser";

// One Chromium for the whole run, shared by the e2e and security projects (each runs this setup; the main
// process is one): every test file connects to it and opens contexts of its own (launchBrowser).
const shared = globalThis as unknown as { __e2eBrowser?: { server: Promise<BrowserServer>; users: number } };

export default async function setup(project: TestProject) {
  shared.__e2eBrowser ??= { server: launchBrowserServer(), users: 0 };
  const entry = shared.__e2eBrowser;
  entry.users += 1;
  project.provide("browserWsEndpoint", (await entry.server).wsEndpoint());
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.__e2eBrowser = undefined;
    await (await entry.server).close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}
