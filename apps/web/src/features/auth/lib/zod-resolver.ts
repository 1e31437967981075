// The login and sign-up forms are where the web app validates with zod (react-hook-form's resolver), and they are
// loaded lazily, so zod is never part of the first load. zod compiles object schemas with `new Function` unless told
// not to; under the SPA's Content-Security-Policy (no 'unsafe-eval') that attempt is refused and reported as a
// violation (issue #22). Jitless mode validates the same way without it, so the resolver comes only from here (an
// eslint rule), with the setting applied before any form can validate.
// eslint-disable-next-line no-restricted-imports -- the one place the resolver comes from
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

z.config({ jitless: true });

export { zodResolver };
