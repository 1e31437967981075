// Korean words of the search feature (SPEC §2 Search).
export const SEARCH = {
  pageTitle: "검색",
  inputLabel: "검색어",
  placeholder: "작품, 인물, 컬렉션, 사용자 검색",
  submit: "검색",
  clear: "검색어 지우기",
  tooLong: (max: number) => `검색어는 ${max}자 이내로 입력해 주세요.`,
  prompt: "보고 싶은 작품이나 좋아하는 감독, 배우를 찾아보세요.",
  tabsLabel: "검색 분류",
  genreTabsLabel: "장르",
  categories: {
    movie: "영화",
    genre: "장르",
    person: "인물",
    collection: "컬렉션",
    user: "사용자",
  },
  personFilms: (name: string) => `${name}의 작품`,
  countCapped: "1000+",
  reviewCount: (count: number) => `평가·코멘트 ${count}`,
  followerCount: (count: number) => `팔로워 ${count}`,
  averageRating: "평균 별점",
} as const;
