// Korean words of 평가하기, 관심없어요 and 비슷한 작품.
import type { RatingQueueCategory } from "@moviepedia/contract";

export const RATING = {
  title: "평가하기",
  intro: "본 영화에 별점을 남겨 주세요. 평가할수록 추천이 정확해져요.",
  visitorIntro: "별점을 남기려면 로그인이 필요해요. 둘러보는 건 누구나 할 수 있어요.",
  counter: (count: number) => `지금까지 ${count.toLocaleString("ko-KR")}편 평가했어요`,
  toNextMilestone: (left: number, milestone: number) =>
    `${left.toLocaleString("ko-KR")}편 더 평가하면 ${milestone}편 달성!`,
  milestoneTitle: (milestone: number) => `${milestone}편 평가 달성!`,
  milestoneBody: "이제 내 취향에 맞는 추천과 취향 분석을 볼 수 있어요.",
  toRecommend: "추천 보기",
  toAnalysis: "취향 분석 보기",
  closeMilestone: "닫기",
  tabsLabel: "평가할 영화 고르기",
  genresLabel: "장르",
  pickGenre: "장르를 골라 주세요",
  genresFailed: "장르를 불러오지 못했습니다.",
  queueFailed: "영화를 불러오지 못했습니다.",
  queueEmpty: "여기서 평가할 영화를 모두 평가했어요.",
  queueEmptyHint: "다른 탭에서 더 평가해 보세요.",
  loadingMore: "영화를 더 불러오는 중…",
  ratingLabel: (title: string) => `${title} 별점 주기`,
  wantToSee: "보고싶어요",
  notInterested: "관심없어요",
  saveFailed: "저장하지 못했습니다. 다시 시도해 주세요.",
  rated: (rating: number) => `★ ${rating.toFixed(1)} 평가했어요`,
  keyboardHint: "↑↓ 영화 이동 · ←→ 별점 · 1–5 평가 · 0 취소",
  cardLabel: (title: string, year: number) => `${title} (${year})`,
  dismissedTitle: "관심없어요",
  dismissedIntro: "관심없어요로 표시한 영화는 평가하기와 추천에 나오지 않아요.",
  dismissedEmpty: "관심없어요로 표시한 영화가 없어요.",
  dismissedFailed: "목록을 불러오지 못했습니다.",
  undo: "되돌리기",
  undoLabel: (title: string) => `${title} 관심없어요 되돌리기`,
  undoFailed: "되돌리지 못했습니다. 다시 시도해 주세요.",
  similarTitle: "비슷한 작품",
  similarEmpty: "비슷한 작품을 찾지 못했어요.",
  similarFailed: "비슷한 작품을 불러오지 못했습니다.",
} as const;

export const CATEGORY_LABELS: Record<RatingQueueCategory, string> = {
  popular: "인기",
  random: "랜덤",
  genre: "장르별",
  predicted: "예상 별점 높은",
};
