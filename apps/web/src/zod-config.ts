// Imported first by main.tsx. zod compiles object schemas with `new Function` unless told not to; under the SPA's
// Content-Security-Policy (no 'unsafe-eval') that attempt is refused and reported as a violation on every page that
// validates (profile pages, forms). Jitless mode validates the same way without it (issue #22).
import { z } from "zod";

z.config({ jitless: true });
