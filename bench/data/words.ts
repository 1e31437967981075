// Vocabulary of the synthetic catalogue: Korean and English title words, Korean and transliterated foreign names,
// genres and countries with realistic weights.

const split = (text: string) => text.trim().split(/\s+/);

export const KOREAN_NOUNS = split(`
  사랑 전쟁 도시 비밀 여름 겨울 바다 하늘 괴물 기억 추억 살인 복수 친구 가족 아버지 어머니 소녀 소년 남자 여자
  왕 전설 밤 낮 별 달 태양 꿈 시간 거리 마을 학교 경찰 범죄 탈출 세계 그림자 유령 영웅 악마 천사 기적 운명
  약속 편지 노래 바람 불꽃 눈물 웃음 청춘 인생 미래 과거 여행 집 방 문 길 강 산 섬 숲 정원 기차 비행기
  택시 호텔 병원 감옥 법정 은행 카지노 게임 전투 작전 제국 왕국 혁명 반란 침묵 고백 거짓말 진실 정의 배신
  사냥 추격 도둑 형사 검사 변호사 의사 선생님 군인 스파이 킬러 좀비 로봇 외계인 우주 지구 폭풍 홍수 지진
  화산 얼음 불 물 피 칼 총 꽃 나무 고양이 강아지 늑대 호랑이 용 새 나비 곡성 기생충 박쥐 마더 아가씨 신부
  신세계 암살 베테랑 도둑들 해적 명량 국제시장 부산행 택시운전사 변호인 광해 관상 기생 수사 하녀 연인 이웃
  손님 가면 얼굴 목소리 심장 영혼 마음 하루 일주일 계절 봄 가을 새벽 저녁 자정 오후 아침 골목 광장 항구
  공항 터널 다리 우물 지하철 옥상 창문 거울 사진 그림 영화 연극 무대 소문 전화 메시지 열쇠 상자 지도 보물
`);

export const KOREAN_MODIFIERS = split(`
  마지막 첫 위험한 아름다운 슬픈 잃어버린 숨겨진 검은 하얀 붉은 푸른 작은 거대한 조용한 미친 이상한 완벽한
  특별한 영원한 비밀의 황금 어두운 빛나는 달콤한 차가운 뜨거운 외로운 용감한 오래된 새로운 끝없는 잔인한
  행복한 위대한 낯선 수상한 우아한 기묘한 찬란한 은밀한
`);

export const ENGLISH_WORDS = split(`
  Love War City Secret Summer Winter Sea Sky Monster Memory Murder Revenge Friend Family Father Mother Girl Boy Man
  Woman King Legend Night Day Star Moon Sun Dream Time Street Town School Police Crime Escape World Shadow Ghost
  Hero Devil Angel Miracle Fate Promise Letter Song Wind Fire Tears Youth Life Future Past Journey House Room Door
  Road River Mountain Island Forest Garden Train Hotel Hospital Prison Court Bank Casino Game Battle Empire Kingdom
  Revolution Silence Confession Lie Truth Justice Betrayal Hunt Chase Thief Detective Doctor Soldier Spy Killer
  Zombie Robot Alien Space Earth Storm Flood Ice Blood Knife Gun Flower Tree Cat Dog Wolf Tiger Dragon Bird
  Butterfly Parasite Host Handmaiden Oldboy Mother Train Tunnel Bridge Mirror Photograph Key Map Treasure Stranger
`);

export const ENGLISH_ADJECTIVES = split(`
  Last First Dangerous Beautiful Sad Lost Hidden Black White Red Blue Little Giant Quiet Mad Strange Perfect Special
  Eternal Secret Golden Dark Shining Sweet Cold Hot Lonely Brave Old New Endless Cruel Happy Great Silent Wild
`);

/** Korean surnames with their approximate shares (%). */
export const SURNAMES: ReadonlyArray<readonly [string, number]> = [
  ["김", 21.5], ["이", 14.7], ["박", 8.4], ["최", 4.7], ["정", 4.3], ["강", 2.4], ["조", 2.1], ["윤", 2.1],
  ["장", 2.0], ["임", 1.7], ["한", 1.5], ["오", 1.5], ["서", 1.5], ["신", 1.5], ["권", 1.4], ["황", 1.4],
  ["안", 1.4], ["송", 1.3], ["류", 1.3], ["전", 1.1], ["홍", 1.1], ["고", 0.9], ["문", 0.9], ["양", 0.9],
  ["손", 0.9], ["배", 0.8], ["백", 0.8], ["허", 0.6], ["유", 0.6], ["남", 0.6], ["심", 0.5], ["노", 0.5],
  ["하", 0.4], ["곽", 0.4], ["성", 0.4], ["차", 0.4], ["주", 0.4], ["우", 0.4], ["구", 0.4], ["민", 0.3],
  ["진", 0.3], ["나", 0.3], ["지", 0.3], ["엄", 0.3], ["채", 0.3], ["원", 0.3], ["천", 0.2], ["방", 0.2],
  ["공", 0.2], ["현", 0.2], ["함", 0.2], ["변", 0.2], ["염", 0.2], ["여", 0.2], ["추", 0.1], ["도", 0.1],
  ["석", 0.1], ["선", 0.1], ["설", 0.1], ["마", 0.1], ["길", 0.1], ["연", 0.1], ["봉", 0.1], ["표", 0.1],
];

export const GIVEN_SYLLABLES = split(`
  민 준 서 현 지 우 연 수 영 호 진 은 성 하 윤 재 동 희 경 태 상 혜 정 원 석 미 숙 철 용 광 승 소 예 주 채 아
  나 다 유 시 도 건 규 한 찬 욱 강 혁 범 선 빈 율 린 람 솔 별 결 온 담 훈 기 환 명 인 순 옥 자 란 식 익
`);

export const FOREIGN_FIRST = split(`
  존 마이클 데이비드 제임스 로버트 크리스 톰 브래드 레오나르도 스칼렛 엠마 나탈리 케이트 제니퍼 메릴 앤 줄리아
  조지 매튜 라이언 윌 휴 이완 키아누 샤를리즈 니콜 페넬로페 마리옹 틸다 에이미 빌 데니스 알 로버트 모건 안소니
  크리스토퍼 쿠엔틴 마틴 스티븐 리들리 데이미언 그레타 소피아 웨스 폴 알폰소 기예르모 드니 장 프랑수아 루이
`);

export const FOREIGN_LAST = split(`
  스미스 존슨 윌리엄스 브라운 존스 밀러 데이비스 윌슨 앤더슨 테일러 토마스 무어 잭슨 화이트 해리스 마틴 톰슨
  가르시아 로빈슨 클라크 루이스 리 워커 홀 앨런 영 킹 라이트 스콧 그린 베이커 아담스 넬슨 힐 캠벨 미첼 로버츠
  카터 필립스 에반스 터너 파커 콜린스 에드워즈 스튜어트 모리스 머피 쿡 로저스 모건 피터슨 쿠퍼 리드 베일리
  벨 켈리 하워드 워드 콕스 리처드슨 우드 왓슨 브룩스 베넷 그레이 제임스 헤이즈 마이어스 포드 해밀턴 놀란
`);

export const USERNAME_WORDS = split(`
  movie film cine cinema lover fan buff critic review watcher popcorn night owl star moon sun dream blue red green
  black white happy lucky cool hot ice fire wind rain snow sky sea river mountain forest city seoul busan jeju kim
  lee park choi jung kang cho yoon jang lim han oh seo shin kwon hwang ahn song ryu jeon hong go moon yang son bae
`);

export const GENRES: ReadonlyArray<readonly [string, number]> = [
  ["드라마", 38], ["코미디", 16], ["액션", 14], ["스릴러", 13], ["로맨스", 12], ["범죄", 9], ["공포", 7],
  ["애니메이션", 6], ["SF", 5], ["판타지", 5], ["가족", 5], ["미스터리", 5], ["모험", 5], ["다큐멘터리", 4],
  ["전쟁", 3], ["역사", 3], ["음악", 3], ["뮤지컬", 2], ["서부", 1], ["스포츠", 2], ["느와르", 2],
];

export const COUNTRIES: ReadonlyArray<readonly [string, number]> = [
  ["한국", 40], ["미국", 30], ["일본", 8], ["프랑스", 5], ["영국", 5], ["중국", 3], ["홍콩", 2], ["독일", 2],
  ["이탈리아", 1], ["스페인", 1], ["인도", 1], ["대만", 1], ["캐나다", 1],
];

export const GRADES = ["전체 관람가", "12세 이상 관람가", "15세 이상 관람가", "청소년 관람불가", null] as const;

export const COLLECTION_PATTERNS = [
  (a: string) => `${a} 영화 모음`,
  (a: string) => `내가 좋아하는 ${a} 영화`,
  (_: string, b: string) => `${b} 영화들`,
  () => "주말에 볼 영화",
  () => "인생 영화",
  (a: string) => `${a}에 관한 영화`,
  (a: string, b: string) => `${b} ${a} 컬렉션`,
  () => "다시 보고 싶은 영화",
  () => "눈물 나는 영화",
  (a: string) => `${a} 특집`,
] as const;

/** Sentences of written reviews; `{n}` is a noun and `{m}` a modifier from the lists above. */
export const REVIEW_SENTENCES = [
  "연출이 정말 좋았어요.",
  "배우들의 연기가 인상적이었다.",
  "{m} {n}의 이야기가 오래 남는다.",
  "중반부터 조금 지루했지만 결말은 만족스러웠다.",
  "음악이 장면과 잘 어울렸다.",
  "{n} 장면에서 눈물이 났다.",
  "기대보다 훨씬 재미있었어요!",
  "다시 보고 싶은 영화.",
  "각본이 촘촘하고 반전이 좋았다.",
  "{n}에 대한 시선이 새로웠다.",
  "영상미가 압도적이다.",
  "캐릭터들이 살아 있다.",
  "솔직히 별로였어요.",
  "러닝타임이 길게 느껴졌다.",
  "원작을 먼저 읽고 보면 더 좋을 듯.",
  "{m} 분위기가 끝까지 이어진다.",
  "극장에서 봐야 하는 영화.",
  "가족과 함께 보기 좋았어요.",
  "대사 하나하나가 기억에 남는다.",
  "{n}와 {n}의 관계가 흥미로웠다.",
  "초반 30분이 최고.",
  "후반부 전개가 아쉽다.",
  "연기, 음악, 촬영 모두 훌륭하다.",
  "이 감독의 최고작이라고 생각한다.",
  "보는 내내 긴장감이 넘쳤다.",
] as const;

export const REPLY_SENTENCES = [
  "완전 공감해요!",
  "저도 같은 생각이에요.",
  "저는 조금 다르게 봤어요.",
  "좋은 리뷰 감사합니다.",
  "덕분에 보고 싶어졌어요.",
  "그 장면 정말 좋았죠.",
  "ㅋㅋㅋ 맞아요",
  "결말 해석이 흥미롭네요.",
  "다시 봐야겠어요.",
  "이 리뷰 최고예요 👍",
] as const;

export const COLLECTION_COMMENT_SENTENCES = [
  "좋은 컬렉션이네요!",
  "여기 있는 영화 다 봤어요.",
  "추천 감사합니다.",
  "하나씩 찾아볼게요.",
  "이 영화도 추가해 주세요.",
  "취향이 비슷하네요.",
  "주말에 정주행합니다.",
] as const;
