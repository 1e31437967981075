export const EXTRAS = {
  monthlyTitle: "월간 무비피디아",
  newsTitle: "소식",
  notOffered: "이 페이지는 무비피디아에서 제공하지 않는 기능이에요.",
  notOfferedHint: "영화 정보와 평가는 홈과 검색에서 둘러볼 수 있어요.",
  goHome: "홈으로 가기",
} as const;
