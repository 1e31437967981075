// Search documents: one row per searchable text (movie title and original title, person name, collection title,
// username) with its normalised and 초성 forms, kept by the write paths through indexSearchDocument.
// Ids and documents are computed here; repository/documents.ts writes them.
import { choseongKey, documentTokens, normalizeText } from "./normalize.js";

export type SearchKind = "movie" | "person" | "collection" | "user";

const KIND_CODES: Record<SearchKind, number> = { movie: 1, person: 2, collection: 3, user: 4 };
/** Ids are computed, not generated: kind × 2³⁴ + record id × 4 + field, so a kind is one id range. */
const KIND_SPAN = 2 ** 34;
export const FIELDS_PER_RECORD = 4;

export function kindCode(kind: SearchKind): number {
  return KIND_CODES[kind];
}

export function documentId(kind: SearchKind, refId: number, field: number): number {
  return KIND_CODES[kind] * KIND_SPAN + refId * FIELDS_PER_RECORD + field;
}

/** First and last possible document id of a kind. */
export function kindRange(kind: SearchKind): [number, number] {
  const start = KIND_CODES[kind] * KIND_SPAN;
  return [start, start + KIND_SPAN - 1];
}

/** N-gram tokens carry their kind, so every posting list holds one kind only (no other kinds to skip). */
export function kindToken(kind: SearchKind, token: string): string {
  return `k${KIND_CODES[kind]}${token}`;
}

export interface SearchDocument {
  id: number;
  kind: number;
  ref_id: number;
  field: number;
  norm: string;
  chosung: string;
  /** Space-separated n-gram tokens (normalize.ts). */
  tokens: string;
}

/** The documents of one record; empty texts and repeats of an earlier field (an original title equal to the title) are skipped. */
export function buildDocuments(kind: SearchKind, refId: number, texts: readonly (string | null)[]): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const seen = new Set<string>();
  texts.slice(0, FIELDS_PER_RECORD).forEach((text, field) => {
    const norm = normalizeText(text ?? "");
    if (norm === "" || seen.has(norm)) return;
    seen.add(norm);
    const chars = Array.from(norm);
    const chosung = choseongKey(chars);
    docs.push({
      id: documentId(kind, refId, field),
      kind: KIND_CODES[kind],
      ref_id: refId,
      field,
      norm,
      chosung,
      tokens: documentTokens(chars, Array.from(chosung))
        .map((token) => kindToken(kind, token))
        .join(" "),
    });
  });
  return docs;
}
