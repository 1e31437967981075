// 평가하기 and the films around it (issue #18, API.md §4.14 [EXT]): the compact movie every list of films answers
// with, the rating queue, 관심없어요 (dismissed films) and similar films.
import { z } from "zod";

export const RatingQueueQuery = z.object({
  category: z.string().optional(),
  genre: z.string().optional(),
  begin: z.string().optional(),
  end: z.string().optional(),
});

export const SimilarQuery = z.object({ limit: z.string().optional() });
