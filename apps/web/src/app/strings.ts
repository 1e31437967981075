// Korean words of the app shell.
export const SHELL = {
  navLabel: "주요 메뉴",
  brand: "무비피디아",
  topSearchLabel: "작품, 인물, 컬렉션, 사용자 검색",
  topSearchPlaceholder: "작품, 인물, 컬렉션, 사용자 검색",
  home: "홈",
  search: "검색",
  feed: "소식",
  login: "로그인",
  myPage: "마이페이지",
  skipToContent: "본문으로 건너뛰기",
  pageLoading: "페이지를 불러오는 중",
  errorTitle: "문제가 발생했어요",
  errorBody: "페이지를 불러오지 못했습니다. 새로고침 후 다시 시도해 주세요.",
  reload: "새로고침",
} as const;
