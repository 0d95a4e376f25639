// Runs in the browser before the app's code: zod must not probe `new Function` (its JIT), which the
// Content-Security-Policy forbids (no 'unsafe-eval') and reports as a violation on every form page.
import { z } from "zod";

z.config({ jitless: true });
