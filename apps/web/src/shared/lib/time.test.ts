import { describe, expect, it } from "vitest";
import { formatKstDate, formatKstDateTime } from "./time";

describe("Korea-time formatting", () => {
  it("shifts UTC timestamps by nine hours", () => {
    expect(formatKstDateTime("2025-02-01T03:04:05")).toContain("12:04");
  });
  it("uses the Korea-time date across midnight", () => {
    expect(formatKstDate("2025-02-01T16:00:00")).toBe("2025년 2월 2일");
  });
});
