import type { WatchStatus } from "@moviepedia/contract";

/** SPEC §4: tapping the active watch status clears it; tapping the other one sets that one. */
export function nextStatus(current: string, tapped: Exclude<WatchStatus, "">): WatchStatus {
  return current === tapped ? "" : tapped;
}
