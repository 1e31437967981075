import { describe, expect, it } from "vitest";
import { formatKstDate, formatKstDateTime } from "./time";

describe("Korea-time formatting", () => {
  it("shifts UTC timestamps by nine hours, in the one format with the 24-hour time", () => {
    expect(formatKstDateTime("2025-02-01T03:04:05")).toBe("2025년 2월 1일 12:04");
    expect(formatKstDateTime("2026-09-30T06:04:00")).toBe("2026년 9월 30일 15:04");
    expect(formatKstDateTime("2026-09-30T15:30:00")).toBe("2026년 10월 1일 00:30");
  });
  it("uses the Korea-time date across midnight", () => {
    expect(formatKstDate("2025-02-01T16:00:00")).toBe("2025년 2월 2일");
    expect(formatKstDate("2026-09-30T00:00:00")).toBe("2026년 9월 30일");
  });
});
