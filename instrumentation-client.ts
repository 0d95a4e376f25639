// Runs in the browser before the app's code: zod must not probe `new Function` (its JIT), which the
// Content-Security-Policy forbids (no 'unsafe-eval') and reports as a violation on every form page.
// zod reads its settings from globalThis.__zod_globalConfig (adopted if already there): setting the flag there,
// rather than through `z.config`, keeps zod itself out of pages that never validate anything
// (tests/unit/zod-jitless.test.ts checks that zod sees it).
const store = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(store.__zod_globalConfig ??= {}).jitless = true;
