// Korean words of the about page and the data-source notes (docs/media.md, "Attribution").
export const ABOUT = {
  title: "서비스 정보",
  intro:
    "무비피디아는 영화를 평가하고 코멘트를 나누는 커뮤니티입니다. 영화 정보와 이미지, 박스오피스, 볼 수 있는 곳 정보는 아래의 출처에서 가져옵니다.",
  sourcesHeading: "데이터 출처",
  tmdbName: "TMDB (The Movie Database)",
  tmdbUse: "영화·인물 정보, 포스터, 배경 이미지, 인물 사진",
  tmdbNoticeEn: "This product uses the TMDB API but is not endorsed or certified by TMDB.",
  tmdbNoticeKo: "이 서비스는 TMDB API를 사용하지만 TMDB의 보증이나 인증을 받지 않았습니다.",
  kobisName: "영화진흥위원회 통합전산망 (KOBIS)",
  kobisUse: "일별 박스오피스 순위와 한국 영화 정보",
  kobisNotice: "박스오피스 자료는 영화진흥위원회 영화관입장권 통합전산망(www.kobis.or.kr)에서 제공받습니다.",
  justwatchName: "JustWatch",
  justwatchUse: "스트리밍·구매·대여할 수 있는 곳 (한국)",
  justwatchNotice: "볼 수 있는 곳 정보는 JustWatch가 제공하며, TMDB를 통해 받아옵니다.",
  visit: (name: string) => `${name} 사이트 (새 창)`,
  imagesHeading: "이미지",
  imagesBody:
    "영화 이미지가 없으면 제목으로 그린 기본 이미지를 보여 줍니다. 직접 올린 프로필 사진은 이 서비스의 서버에 저장되며, 위치·촬영 정보(EXIF)는 지운 뒤 저장합니다.",
  chartsNote: "박스오피스: 영화진흥위원회(KOBIS) · 영화 정보·이미지: TMDB",
  chartsNoteLink: "데이터 출처",
} as const;
