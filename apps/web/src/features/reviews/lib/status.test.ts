import { describe, expect, it } from "vitest";
import { nextStatus } from "./status";

describe("nextStatus", () => {
  it("sets the tapped status, switches from the other one, and clears the active one", () => {
    expect(nextStatus("", "WatchList")).toBe("WatchList");
    expect(nextStatus("", "Watching")).toBe("Watching");
    expect(nextStatus("WatchList", "Watching")).toBe("Watching");
    expect(nextStatus("Watching", "WatchList")).toBe("WatchList");
    expect(nextStatus("WatchList", "WatchList")).toBe("");
    expect(nextStatus("Watching", "Watching")).toBe("");
  });
});
