// The member's predicted rating for one movie (API.md §4.12 [EXT]), shown as 예상 별점 until they rate it.
import { endpoints, LOG } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, orNull } from "../../../shared/lib/api";

export const predictionQuery = (movieId: number) =>
  queryOptions({
    // Under the recommendations' prefix: whatever refreshes recommendations refreshes this too.
    queryKey: ["recommend", "predict", movieId],
    queryFn: async ({ signal }) => {
      const body = await orNull(
        api(endpoints.recommend.predict, { params: { movie_id: movieId }, signal }),
        LOG.recommendations,
      );
      return body?.expected_rating ?? null;
    },
  });
