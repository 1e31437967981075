// The web app's "zod" is jitless before any schema is built (issue #22): no `new Function`, so no CSP violation.
import { describe, expect, it } from "vitest";
import { z } from "zod";

describe('the web app\'s "zod"', () => {
  it("is the jitless wrapper", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).safeParse({ a: "가" }).success).toBe(true);
  });
});
