// Korean words of the recommendations page.
export const RECOMMEND = {
  title: "추천",
  intro: "내 별점과 보고싶어요·관심없어요 표시로 학습한 모델이 아직 보지 않은 작품의 별점을 예측했어요.",
  expectTitle: "예상 별점 높은 순",
  differenceTitle: "평균보다 내 취향",
  expected: (rating: number) => `예상 ★ ${rating.toFixed(1)}`,
  /** Why a film is in 평균보다 내 취향: the prediction minus the film's average (both as shown, one decimal). */
  aboveAverage: (gap: number) =>
    Math.abs(gap) < 0.05 ? "평균과 비슷해요" : `평균보다 ${gap > 0 ? "+" : "−"}${Math.abs(gap).toFixed(1)}`,
  aboveAverageHint: (average: number) => `이 작품의 평균 ★ ${average.toFixed(1)}`,
  empty: "추천할 작품이 아직 없어요. 영화를 더 평가해 보세요.",
  login: "로그인",
  retry: "다시 시도",
} as const;
