// The member's predicted rating for one movie (API.md §4.12 [EXT]), shown as 예상 별점 until they rate it.
import { LOG, type Prediction } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { fetchOrNull } from "../../../shared/lib/api";

export const predictionQuery = (movieId: number) =>
  queryOptions({
    // Under the recommendations' prefix: whatever refreshes recommendations refreshes this too.
    queryKey: ["recommend", "predict", movieId],
    queryFn: async ({ signal }) => {
      const body = await fetchOrNull<Prediction>(`/api/recommend/predict/${movieId}`, LOG.recommendations, {
        signal,
        auth: "required",
      });
      return body?.expected_rating ?? null;
    },
  });
