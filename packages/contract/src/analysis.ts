import { z } from "zod";
import { Int } from "./common.js";

export const RATING_DIST_KEYS = ["0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0", "4.5", "5.0"] as const;

export const RatingAnalysis = z.object({
  user_id: Int,
  rating_num: Int,
  rating_avg: z.number().nullable(),
  rating_dist: z.record(z.string(), Int),
  rating_mode: z.number().nullable(),
  rating_message: z.string().nullable(),
  viewing_time: Int,
  viewing_message: z.string(),
});
export type RatingAnalysis = z.infer<typeof RatingAnalysis>;

const PreferenceDict = z.record(z.string(), z.tuple([z.number(), Int])).nullable();
export const PreferenceAnalysis = z.object({
  user_id: Int,
  actor_dict: PreferenceDict,
  director_dict: PreferenceDict,
  country_dict: PreferenceDict,
  genre_dict: PreferenceDict,
});
export type PreferenceAnalysis = z.infer<typeof PreferenceAnalysis>;

export const Recommendation = z.object({ movie_id: Int, expected_rating: z.number() });
export type Recommendation = z.infer<typeof Recommendation>;
export const Prediction = z.object({ movie_id: Int, expected_rating: z.number().nullable() });
export type Prediction = z.infer<typeof Prediction>;
