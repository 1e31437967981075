// Imports and exports of a member's own data (issue #19, API.md §4.14 [EXT], docs/imports.md):
// POST /api/users/me/imports?format=…, GET /api/users/me/imports/{id}, GET /api/users/me/export?format=….
import { z } from "zod";
import { Int, Timestamp } from "./common.js";

export const IMPORT_FORMATS = ["letterboxd", "imdb", "moviepedia"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ["json", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Largest import file (the request body): 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Body types an import takes, by format: a CSV file, a Letterboxd export zip, our own JSON export. */
export const IMPORT_CONTENT_TYPES: Readonly<Record<ImportFormat, readonly string[]>> = {
  letterboxd: ["text/csv", "application/zip"],
  imdb: ["text/csv"],
  moviepedia: ["application/json"],
};
/** Unmatched lines an import report keeps (the count covers them all). */
export const IMPORT_UNMATCHED_MAX = 2000;

/** `format` (required), `overwrite=true` replaces ratings and texts already stored, `name` = the file's name. */
export const ImportQuery = z.object({
  format: z.string().optional(),
  overwrite: z.string().optional(),
  name: z.string().optional(),
});
export const ExportQuery = z.object({ format: z.string().optional() });

const IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;

/** Why a line was not applied. */
const IMPORT_REASONS = [
  "not_found",
  "broken_line",
  "invalid_rating",
  "invalid_utf8",
  "column_count",
  "missing_title",
  "text_too_long",
  "invalid_text",
  "member_not_found",
  "self",
  "target_not_found",
  "not_read",
  "write_failed",
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

export const IMPORT_REASON_LABELS: Readonly<Record<ImportReason, string>> = {
  not_found: "작품을 찾지 못했어요",
  broken_line: "줄 형식이 깨져 있어요",
  invalid_rating: "별점이 범위를 벗어났어요",
  invalid_utf8: "글자 인코딩이 올바르지 않아요",
  column_count: "열 개수가 맞지 않아요",
  missing_title: "제목이 없어요",
  text_too_long: "코멘트가 10000자를 넘어요",
  invalid_text: "글이 비어 있거나 저장할 수 없는 글자가 있어요",
  member_not_found: "이 사이트에서 회원을 찾지 못했어요",
  self: "나 자신은 팔로우하거나 차단할 수 없어요",
  target_not_found: "대상을 이 사이트에서 찾지 못했어요",
  not_read: "앞선 오류가 많아 읽지 않았어요",
  write_failed: "저장하지 못했어요",
};

export const ImportUnmatched = z.object({
  /**
   * The file inside a zip (`ratings.csv`, …), null for a single file; for our JSON export the list the item is in
   * (`reviews`, `collections`, `dismissals`, `replies`, `likes.review`, …, `follows`, `blocks`).
   */
  file: z.string().nullable(),
  /** 1-based line of the file (the header is line 1); for our JSON export the item's position in its list. */
  line: Int,
  /** The film's title; for a follow or block the member's name, for a like what it liked (title, name or text). */
  title: z.string(),
  year: Int.nullable(),
  reason: z.enum(IMPORT_REASONS),
  /** The rating the line carried (0.5–5 after conversion), null when none: lets the web app rate it by hand. */
  rating: z.number().nullable(),
});
export type ImportUnmatched = z.infer<typeof ImportUnmatched>;

/**
 * Whether an unmatched line named a film to rate (a line of a CSV file or of our JSON's `reviews`), which the web app
 * offers to find by hand; the others (collections, 관심없어요, replies, comments, likes, follows, blocks) are reported.
 */
export function isRatingLine(line: Pick<ImportUnmatched, "file">): boolean {
  return line.file === null || line.file === "reviews" || line.file.toLowerCase().endsWith(".csv");
}

export const ImportJob = z.object({
  id: Int,
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  overwrite: z.boolean(),
  /** Lines (items) in the file; known once it has been read. */
  total: Int,
  processed: Int,
  matched: Int,
  created: Int,
  updated: Int,
  skipped: Int,
  /** All unmatched lines; `unmatched` lists the first IMPORT_UNMATCHED_MAX of them. */
  unmatched_count: Int,
  unmatched: z.array(ImportUnmatched),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportAccepted = z.object({ id: Int });
export type ImportAccepted = z.infer<typeof ImportAccepted>;
