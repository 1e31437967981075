// The trained model as stored in `recommender_models.payload` and as served: movie factors, biases and posterior
// variances plus the member prior needed for fold-in. Arrays travel as base64 of their little-endian bytes, so a
// 100,000-movie model is one compact text value that every instance decodes the same way.
import type { TrainedFactors } from "./als.js";
import { indexOfSorted } from "../../lib/sorted.js";

/**
 * Bumped when the payload layout changes incompatibly: code of another format cannot read the model and retrains.
 * Additions that older code can ignore keep the format and raise MODEL_REVISION instead.
 */
export const MODEL_FORMAT = 1;
/**
 * The training method. Older code reads a newer revision as the format-1 model it is (it ignores the added fields
 * and folds members in from their stars), so instances of two versions can share one table without retraining in
 * turns; newer code retrains a model of an older revision. 2: noise by the evidence approximation (pruning no longer
 * loses factors as the ceiling grows), implicit marks learned as censored ratings.
 */
export const MODEL_REVISION = 2;

export interface ServedModel {
  id: number;
  trainedAt: string;
  ratingsSeen: number;
  /** Training method (see MODEL_REVISION); 1 for models stored before revisions were written. */
  revision: number;
  /** Implicit marks the model learned from: fold-in reads a member's marks only when the movies learned from them. */
  marks: number;
  /** Learned noise σ_s of each kind of mark (signals.ts; index = kind); empty without marks. */
  markSd: Float64Array;
  mu: number;
  factors: number;
  noiseVar: number;
  userPrecision: Float64Array;
  /** Bias prior precision of movies: shrinks the bias of a movie rated only after training. */
  itemBiasPrecision: number;
  /** Sorted ascending; row i of the arrays below belongs to movieIds[i]. */
  movieIds: Int32Array;
  bias: Float32Array;
  itemFactors: Float32Array;
  itemVariance: Float32Array;
  /** |q_m| per row (computed on load, not stored): bounds p·q_m so most candidates skip the dot product. */
  itemNorms: Float32Array;
}

interface Payload {
  format: number;
  /** Absent in models written before revisions: 1. */
  revision?: number;
  marks?: number;
  markSd?: number[];
  mu: number;
  factors: number;
  noiseVar: number;
  itemBiasPrecision: number;
  userPrecision: string;
  movieIds: string;
  bias: string;
  itemFactors: string;
  itemVariance: string;
}

const encode = (a: Float32Array | Float64Array | Int32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");

function decodeBytes(text: string): ArrayBuffer {
  const bytes = Buffer.from(text, "base64");
  // A fresh ArrayBuffer: Node's Buffer may sit at an offset inside a shared pool, unaligned for typed arrays.
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function encodeModel(trained: TrainedFactors): string {
  // `format` and `revision` first: payloadFormat() and payloadRevision() read them from the head of the text.
  const payload: Payload = {
    format: MODEL_FORMAT,
    revision: MODEL_REVISION,
    marks: trained.marks,
    markSd: Array.from(trained.markSd),
    mu: trained.mu,
    factors: trained.factors,
    noiseVar: trained.noiseVar,
    itemBiasPrecision: trained.itemPrecision[0]!,
    userPrecision: encode(trained.userPrecision),
    movieIds: encode(trained.itemIds),
    bias: encode(trained.items.bias),
    itemFactors: encode(trained.items.factors),
    itemVariance: encode(trained.items.variance),
  };
  return JSON.stringify(payload);
}

export function itemNorms(factors: Float32Array, k: number): Float32Array {
  const norms = new Float32Array(factors.length / k);
  for (let row = 0; row < norms.length; row++) {
    let sum = 0;
    for (let c = 0; c < k; c++) sum += factors[row * k + c]! ** 2;
    // Rounded up a little so float32 storage never makes the bound too tight.
    norms[row] = Math.sqrt(sum) * (1 + 1e-6) + 1e-7;
  }
  return norms;
}

/** The payload's format version without decoding the arrays (null if unreadable). */
export function payloadFormat(payload: string): number | null {
  const match = /^\{"format":(\d+),/.exec(payload.slice(0, 32));
  return match ? Number(match[1]) : null;
}

/** The payload's training revision without decoding the arrays (1 when the head names none). */
export function payloadRevision(payload: string): number {
  const match = /^\{"format":\d+,"revision":(\d+),/.exec(payload.slice(0, 48));
  return match ? Number(match[1]) : 1;
}

export function decodeModel(row: {
  id: number;
  trained_at: string;
  ratings_seen: number;
  payload: string;
}): ServedModel {
  const p = JSON.parse(row.payload) as Payload;
  if (p.format !== MODEL_FORMAT) throw new Error(`recommender model ${row.id} has format ${p.format}`);
  const movieIds = new Int32Array(decodeBytes(p.movieIds));
  const itemFactors = new Float32Array(decodeBytes(p.itemFactors));
  if (itemFactors.length !== movieIds.length * p.factors) throw new Error(`recommender model ${row.id} is damaged`);
  return {
    id: row.id,
    trainedAt: row.trained_at,
    ratingsSeen: row.ratings_seen,
    revision: p.revision ?? 1,
    marks: p.marks ?? 0,
    markSd: Float64Array.from(p.markSd ?? []),
    mu: p.mu,
    factors: p.factors,
    noiseVar: p.noiseVar,
    itemBiasPrecision: p.itemBiasPrecision,
    userPrecision: new Float64Array(decodeBytes(p.userPrecision)),
    movieIds,
    bias: new Float32Array(decodeBytes(p.bias)),
    itemFactors,
    itemVariance: new Float32Array(decodeBytes(p.itemVariance)),
    itemNorms: itemNorms(itemFactors, p.factors),
  };
}

/** Row of `movieId` in the model, or −1 (binary search over the sorted ids). */
export function modelRow(model: ServedModel, movieId: number): number {
  return indexOfSorted(model.movieIds, movieId);
}
