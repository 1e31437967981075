// Korean-looking demo usernames and status messages. Demo members never sign in, so the signup username rule
// (ASCII) does not apply; API.md §1.7 allows any 1–20 characters for existing members.
import type { Prng } from "./prng.js";

const SURNAMES = [
  "김",
  "이",
  "박",
  "최",
  "정",
  "강",
  "조",
  "윤",
  "장",
  "임",
  "한",
  "오",
  "서",
  "신",
  "권",
  "황",
  "안",
  "송",
  "류",
  "홍",
];
const SYLLABLES = [
  "민",
  "서",
  "지",
  "현",
  "준",
  "우",
  "예",
  "은",
  "하",
  "도",
  "윤",
  "수",
  "영",
  "진",
  "성",
  "희",
  "아",
  "연",
  "재",
  "호",
  "유",
  "주",
  "원",
  "채",
  "다",
  "경",
  "태",
  "승",
  "혜",
  "나",
  "소",
  "빈",
  "율",
  "건",
  "린",
  "훈",
  "솔",
  "람",
];
const ADJECTIVES = [
  "느긋한",
  "졸린",
  "행복한",
  "수줍은",
  "용감한",
  "조용한",
  "배고픈",
  "심심한",
  "말랑한",
  "푸른",
  "작은",
  "커다란",
  "반짝이는",
  "새벽의",
  "한밤의",
  "비오는날",
  "주말의",
  "호기심많은",
  "엉뚱한",
  "다정한",
];
const NOUNS = [
  "고양이",
  "펭귄",
  "곰돌이",
  "여우",
  "다람쥐",
  "토끼",
  "부엉이",
  "고래",
  "판다",
  "햄스터",
  "관객",
  "시네필",
  "평론가",
  "영화광",
  "팝콘",
  "나초",
  "필름",
  "극장",
  "스크린",
  "별빛",
  "감자",
  "두부",
];
const HANDLES = [
  "시네필",
  "무비러버",
  "영화일기",
  "팝콘러버",
  "필름덕후",
  "심야극장",
  "조조할인",
  "엔딩크레딧",
  "쿠키영상",
  "별점요정",
  "리뷰왕",
  "주말영화관",
  "영화는사랑",
  "스크린속으로",
  "극장가는길",
  "필름카메라",
];

export const STATUS_MESSAGES = [
  "인생은 영화처럼",
  "한 달에 영화 열 편이 목표예요",
  "스포일러 없는 리뷰를 씁니다",
  "별점은 짜게, 애정은 듬뿍",
  "공포 영화는 낮에만 봅니다",
  "주말마다 극장에 가요",
  "좋은 영화 추천 환영합니다",
  "한국 영화를 사랑하는 사람",
  "재개봉관 단골",
  "OST 들으면서 리뷰 쓰는 중",
  "영화 보고 나서 걷는 걸 좋아해요",
  "애니메이션이 최고야",
];

function candidate(rng: Prng): string {
  const roll = rng.next();
  if (roll < 0.4) return rng.pick(SURNAMES) + rng.pick(SYLLABLES) + rng.pick(SYLLABLES);
  if (roll < 0.8) return rng.pick(ADJECTIVES) + rng.pick(NOUNS);
  return rng.pick(HANDLES) + rng.int(1, 99);
}

/** `count` distinct usernames (compared case-insensitively, as the unique index does). */
export function demoUsernames(rng: Prng, count: number, taken: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set(taken);
  const names: string[] = [];
  while (names.length < count) {
    let name = candidate(rng);
    if (seen.has(name.toLowerCase())) name = `${name}${rng.int(2, 999)}`;
    if (seen.has(name.toLowerCase()) || [...name].length > 20) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}
