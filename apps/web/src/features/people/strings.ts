// Korean words of the person page.
export const PEOPLE = {
  title: "인물 정보",
  notFound: "인물 정보를 불러오지 못했어요.",
  missing: "인물을 찾을 수 없습니다.",
  portraitAlt: (name: string) => `${name} 사진`,
  like: "좋아요",
  likeLabel: (liked: boolean, count: number) => `${liked ? "좋아요 취소" : "좋아요"}, ${count}명`,
  tabsLabel: "참여 작품",
  tabDirector: "감독",
  tabCast: "출연",
  moviesFailed: "참여 작품을 불러오지 못했습니다.",
  noMovies: "참여한 작품이 없어요.",
  noRating: "평가 없음",
  average: "평균 별점",
} as const;
