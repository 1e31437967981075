// The member's own review of a movie (rating, watch status, comment) with optimistic writes through
// PUT …/mine. Writes run one after another in the order made, so quick star + status + comment actions all land;
// a failed write is rolled back, logged with SPEC §8's line and reported in Korean; after the last write settles
// the movie's average and counts, lists and the member's profile are refetched.
import { LOG, MSG, type Review, type ReviewWrite } from "@moviepedia/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useAuth } from "../../../shared/lib/auth";
import { profileQueries } from "../../profile";
import { reviewQueries, saveMyReview } from "../api/reviews-api";
import { REVIEWS } from "../strings";

export type SaveKind = "rating" | "status" | "comment" | "deleteComment";

const FAILURE: Record<SaveKind, { log: string; message: string }> = {
  rating: { log: LOG.saveRating, message: MSG.saveRatingFailed },
  status: { log: LOG.saveReview, message: REVIEWS.statusSaveFailed },
  comment: { log: LOG.saveReview, message: MSG.saveReviewFailed },
  deleteComment: { log: LOG.deleteReview, message: MSG.deleteReviewFailed },
};

type Fields = Pick<Review, "rating" | "status" | "content" | "spoiler">;
const FIELDS = ["rating", "status", "content", "spoiler"] as const;
const NO_REVIEW: Fields = { rating: 0, status: "", content: "", spoiler: false };

/** The review as the member sees it after `patch` (a new review starts from "nothing yet"). */
export function applyPatch<T extends Fields>(review: T | null, patch: ReviewWrite, blank: T): T {
  const next = { ...(review ?? blank) };
  for (const field of FIELDS) {
    const value = patch[field];
    if (value !== undefined && value !== null) Object.assign(next, { [field]: value });
  }
  return next;
}

export interface MyReview {
  /** Undefined while loading (or for visitors), null when the member has no review. */
  review: Review | null | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  /** Saves a partial change; resolves false when it failed (already rolled back and logged). */
  save: (patch: ReviewWrite, kind: SaveKind) => Promise<boolean>;
  /** Korean message of the last failed rating, status or delete (comment saves report in their dialog). */
  error: string | null;
  clearError: () => void;
}

export function useMyReview(movieId: number, onSaved?: () => void): MyReview {
  const { isLoggedIn, user } = useAuth();
  const client = useQueryClient();
  const options = useMemo(() => reviewQueries.mine(movieId), [movieId]);
  const query = useQuery({ ...options, enabled: isLoggedIn, retry: false });
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const resync = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const save = useCallback(
    (patch: ReviewWrite, kind: SaveKind): Promise<boolean> => {
      const key = options.queryKey;
      const blank: Review = {
        ...NO_REVIEW,
        id: 0,
        movie_id: movieId,
        user_id: user?.id ?? 0,
        user_name: user?.username ?? "",
        profile_url: user?.profile_url ?? "",
        like: false,
        likes_count: 0,
        comments_count: 0,
        created_at: "",
      };
      void client.cancelQueries({ queryKey: key });
      const before = client.getQueryData(key) ?? null;
      const undo: ReviewWrite = {};
      for (const field of FIELDS) {
        if (patch[field] !== undefined && patch[field] !== null)
          Object.assign(undo, { [field]: (before ?? blank)[field] });
      }
      client.setQueryData(key, applyPatch(before, patch, blank));
      pending.current += 1;
      if (kind !== "comment") setError(null);

      const run = chain.current.then(async () => {
        try {
          const saved = await saveMyReview(movieId, patch);
          // An earlier answer lacks the later optimistic changes: only the last one in line is the truth to show.
          if (pending.current === 1) client.setQueryData(key, saved);
          return true;
        } catch (failure) {
          console.error(FAILURE[kind].log, failure);
          if (kind !== "comment") setError(FAILURE[kind].message);
          client.setQueryData(key, (current: Review | null | undefined) => {
            const restored = applyPatch(current ?? null, undo, blank);
            return restored.id === 0 && restored.rating === 0 && !restored.status && !restored.content
              ? null
              : restored;
          });
          resync.current = true;
          return false;
        } finally {
          pending.current -= 1;
          if (pending.current === 0) {
            const refetchMine = resync.current;
            resync.current = false;
            void client.invalidateQueries({
              queryKey: reviewQueries.all,
              predicate: (q) => refetchMine || q.queryKey.join("/") !== key.join("/"),
            });
            if (user) void client.invalidateQueries({ queryKey: profileQueries.member(user.id) });
            onSaved?.();
          }
        }
      });
      chain.current = run;
      return run;
    },
    [client, movieId, onSaved, options.queryKey, user],
  );

  return {
    review: isLoggedIn ? query.data : undefined,
    isLoading: isLoggedIn && query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    save,
    error,
    clearError: () => setError(null),
  };
}
