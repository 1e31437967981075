import { z } from "zod";
import { Int } from "./common.js";

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
/**
 * [EXT] One entry of a category ranked for display (issue 20 #8): `score` in [0, 100] from the member's ratings
 * shrunk toward their own mean (one film cannot saturate it), `count` the films behind it (rated ones; for an entity
 * seen only in unrated rows, those rows), `rated` whether the count is of ratings.
 */
export const RankedEntry = z.object({ name: z.string(), score: z.number(), count: Int, rated: z.boolean() });
export type RankedEntry = z.infer<typeof RankedEntry>;
const RankedList = z.array(RankedEntry);

export const PreferenceAnalysis = z.object({
  user_id: Int,
  actor_dict: PreferenceDict,
  director_dict: PreferenceDict,
  country_dict: PreferenceDict,
  genre_dict: PreferenceDict,
  /** [EXT] The same categories ranked with shrinkage and a minimum sample, top 10 each ([] when none). */
  ranked: z.object({ actor: RankedList, director: RankedList, country: RankedList, genre: RankedList }),
});
export type PreferenceAnalysis = z.infer<typeof PreferenceAnalysis>;

export const Recommendation = z.object({ movie_id: Int, expected_rating: z.number() });
export type Recommendation = z.infer<typeof Recommendation>;
export const Prediction = z.object({ movie_id: Int, expected_rating: z.number().nullable() });
export type Prediction = z.infer<typeof Prediction>;

/** `rating_message` (API.md §4.11): the first row whose threshold `rating_avg` reaches. */
export const RATING_TAGLINES: ReadonlyArray<readonly [minimum: number, tagline: string]> = [
  [4.6, "모든 영화에 박수를 보내는 무한 긍정 관객"],
  [4.4, "영화관을 나설 때면 늘 미소 짓는 관객"],
  [4.3, "단점보다 장점을 먼저 찾아내는 낙천가"],
  [4.1, "좋은 장면 하나면 충분히 행복한 관객"],
  [4.0, "재미있게 본 영화를 오래 기억하는 관객"],
  [3.9, "장르를 가리지 않고 두루 즐기는 관객"],
  [3.8, "칭찬과 아쉬움을 솔직하게 말하는 관객"],
  [3.6, "나만의 영화 목록이 확실한 관객"],
  [3.5, "별 반 개에도 이유가 있는 관객"],
  [3.4, "영화 한 편에서 여러 겹을 읽어 내는 관객"],
  [3.2, "결말까지 다 보고 나서야 평가하는 관객"],
  [3.0, "엔딩 크레딧까지 곱씹어 보는 관객"],
  [2.8, "좀처럼 마음을 열지 않는 관객"],
  [2.5, "명작의 기준이 남다르게 높은 관객"],
  [2.0, "웬만한 영화는 통과하지 못하는 최종 관문"],
  [1.2, "다음 영화는 다를 거라 믿는 관객"],
  [0.5, "아직 인생 영화를 만나지 못한 관객"],
];

/** `viewing_message` (API.md §4.11): the first row whose bound `viewing_time` (hours) is below. */
export const VIEWING_TAGLINES: ReadonlyArray<readonly [below: number, tagline: string]> = [
  [100, "이제 막 영화 기록을 시작했어요"],
  [200, "영화와 조금씩 가까워지는 중이에요"],
  [300, "어느새 영화 보는 재미에 푹 빠졌어요"],
  [400, "보는 영화의 폭이 점점 넓어지고 있어요"],
  [500, "주말마다 영화 한 편은 기본이에요"],
  [600, "영화로 채운 시간이 꽤 길어졌어요"],
  [750, "꾸준히 영화를 챙겨 보는 성실한 관객"],
  [800, "영화 이야기로 밤을 새울 수 있어요"],
  [950, "주변에서 영화 추천을 부탁받는 사람"],
  [1100, "좋아하는 감독을 줄줄 꿰는 관객"],
  [1200, "극장 의자가 가장 편한 자리가 되었어요"],
  [1350, "영화 속에서 한 계절을 살아 본 셈이에요"],
  [1500, "스크린 앞이 제2의 집이 되었어요"],
  [1600, "장면만 봐도 감독이 떠오르는 경지"],
  [1700, "어디서도 손꼽히는 영화 마니아"],
  [1950, "극장 좌석이 당신을 기억할 거예요"],
  [2400, "웬만한 평론가 못지않은 관람 내공"],
  [2700, "영화가 일상의 큰 부분이 되었어요"],
  [3000, "하루의 끝은 늘 영화와 함께예요"],
  [3500, "이 정도면 걸어 다니는 영화 사전"],
  [4000, "극소수만 도달하는 관람 시간이에요"],
  [5000, "영화의 바다를 누비는 노련한 항해사"],
  [6529, "수천 시간을 쌓아 올린 영화 탐험가"],
  [7711, "영화와 평생을 함께할 운명"],
];
/** `viewing_message` from 7711 hours on. */
export const VIEWING_TAGLINE_LEGEND = "전설로 남을 영화 관람 기록";

/** The two analysis modes of `GET /api/analysis/{user_id}?search_q=`. */
export const ANALYSIS_MODES = ["rating", "preference"] as const;
export type AnalysisMode = (typeof ANALYSIS_MODES)[number];
