export const HOME = {
  title: "홈",
  brand: "무비피디아",
  tagline: "평가하고, 기록하고, 취향에 맞는 영화를 찾아보세요.",
  memberSection: "나를 위한 기능",
  analysisTitle: "취향 분석",
  analysisBody: "내 별점으로 알아보는 영화 취향",
  recommendTitle: "추천",
  recommendBody: "좋아할 만한 영화와 예상 별점",
  hotRanking: "HOT 랭킹",
  boxOffice: "박스오피스 순위",
} as const;
