// zod runs jitless in the web app (issue #22): no `new Function`, so no CSP violation on pages that validate.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-config";

describe("zod configuration", () => {
  it("is jitless once main.tsx's first import has run", () => {
    expect(z.config().jitless).toBe(true);
  });
});
