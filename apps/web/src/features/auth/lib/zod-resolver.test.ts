// zod runs jitless wherever the web app validates (issue #22): no `new Function`, so no CSP violation on the forms.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodResolver } from "./zod-resolver";

describe("the forms' zod resolver", () => {
  it("turns zod's JIT off before a form validates", () => {
    expect(typeof zodResolver).toBe("function");
    expect(z.config().jitless).toBe(true);
  });
});
