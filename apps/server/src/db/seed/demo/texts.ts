// Korean texts for demo reviews, replies, collections and collection comments, chosen by rating band. Variables
// are only placed before particles that do not depend on the final consonant (의, 감독, 배우, …).
import type { Prng } from "./prng.js";

export interface ReviewContext {
  director: string | null;
  actor: string | null;
  character: string | null;
  genre: string;
}

const GREAT = [
  "인생 영화로 남을 작품.",
  "두 번 봐도 좋다. 아니, 세 번도.",
  "엔딩 크레딧이 다 올라갈 때까지 자리를 뜰 수 없었다.",
  "{director} 감독의 연출이 정점에 이르렀다.",
  "{actor} 배우의 연기가 오래도록 잊히지 않을 것 같다.",
  "음악과 미장센 모두 완벽에 가깝다.",
  "극장에서 보지 못한 게 두고두고 아쉽다.",
  "장면 하나하나가 그림 같다.",
];
const GOOD = [
  "재미있게 봤다. 후반부가 조금 늘어지지만 충분히 볼만하다.",
  "{actor} 배우의 연기가 좋았다.",
  "{genre} 영화로서 할 일은 다 한다.",
  "기대보다 훨씬 좋았다.",
  "한 번쯤 볼 만한 영화.",
  "{director} 감독 특유의 리듬이 살아 있다.",
  "보고 나서 한참 이야기를 나눴다.",
  "캐릭터들이 모두 살아 있어서 좋았다.",
];
const OKAY = [
  "무난하다. 딱 기대한 만큼.",
  "좋은 장면도 있지만 전체적으로 아쉽다.",
  "배우들은 좋은데 이야기가 따라가지 못한다.",
  "시간 때우기엔 괜찮다.",
  "중반까지는 좋았는데 마무리가 약하다.",
  "호불호가 갈릴 만한 영화.",
];
const BAD = [
  "기대가 컸던 만큼 실망도 크다.",
  "러닝타임이 너무 길게 느껴졌다.",
  "이야기에 집중하기 어려웠다.",
  "무엇을 말하고 싶은지 잘 모르겠다.",
  "{actor} 배우가 아까웠다.",
];
const SPOILERS = [
  "결말에서 {character}의 선택이 모든 것을 뒤집는다.",
  "마지막 장면의 반전은 처음부터 복선이 깔려 있었다.",
  "{character}의 정체가 밝혀지는 순간 소름이 돋았다.",
  "주인공이 끝내 살아남지 못하는 결말이 오래 남는다.",
  "중반의 그 사건 이후로 영화가 완전히 다른 장르가 된다.",
];
// A 보고싶어요 or 보는 중 note fits the film's age (issue 20 #17): "개봉하면 꼭 볼 것!" only before its release year is
// over, a classic is "미뤄 온" rather than awaited.
const WANT_UPCOMING = ["개봉하면 꼭 볼 것!", "예고편만 몇 번을 돌려 봤는지 모르겠다.", "개봉일만 기다리는 중."];
const WANT_RECENT = [
  "극장에서 놓쳐서 집에서라도 꼭 보려고 한다.",
  "평이 좋아서 기대된다.",
  "주말에 보려고 아껴 두는 중.",
  "다들 재미있다고 해서 궁금하다.",
];
const WANT_OLDER = [
  "늦었지만 이제라도 보려고 한다.",
  "친구가 인생 영화라고 해서 챙겨 보려고.",
  "주말에 보려고 아껴 두는 중.",
  "몇 번이나 미뤘는데 이번엔 꼭 본다.",
];
const WANT_CLASSIC = [
  "명작이라는 말만 듣고 아직 못 봤다.",
  "고전이라 미뤄 왔는데 이번엔 꼭 본다.",
  "좋은 화질로 다시 나오면 제대로 보고 싶다.",
  "부모님이 꼭 보라고 추천해 주신 영화.",
];
const WATCHING = ["지금 보는 중인데 벌써 재미있다.", "절반쯤 봤다. 나머지는 내일."];
const WATCHING_CLASSIC = ["오래된 영화인데 전혀 지루하지 않다.", "절반쯤 봤다. 옛날 영화의 호흡에 적응하는 중."];

/** Years between the film's release and now: < 0 not out yet, 0 this year. */
function wantPool(age: number): readonly string[] {
  if (age < 0) return WANT_UPCOMING;
  if (age <= 3) return WANT_RECENT;
  return age < 20 ? WANT_OLDER : WANT_CLASSIC;
}
const REPLIES = [
  "저도 같은 생각이에요!",
  "이 리뷰 보고 영화 봤는데 좋았어요.",
  "저는 조금 다르게 봤어요. 그래도 좋은 리뷰네요.",
  "와 정리 잘하셨네요.",
  "ㅋㅋㅋ 완전 공감",
  "다시 보고 싶어지네요.",
  "스포일러는 체크 부탁드려요 ㅠㅠ",
  "음악 얘기 너무 공감돼요.",
  "이 장면 저도 좋아해요.",
];
const COLLECTION_TITLES = [
  "내 인생 영화",
  "비 오는 날 보기 좋은 영화",
  "{genre} 명작 모음",
  "주말에 몰아보기",
  "눈물 없이 볼 수 없는 영화",
  "연말에 보는 따뜻한 영화",
  "다시 보고 싶은 영화",
  "첫 데이트에 추천하는 영화",
  "OST가 좋은 영화",
  "혼자 보기 무서운 영화",
  "친구에게 추천하고 싶은 {genre}",
  "올해 본 영화 중 최고",
];
const OVERVIEWS = [
  "제가 좋아하는 영화들을 모았어요.",
  "천천히 채워 가는 중입니다.",
  "보고 나서 오래 생각난 영화들.",
  "누구에게 추천해도 실패하지 않는 목록.",
];
const COLLECTION_COMMENTS = [
  "좋은 리스트 감사합니다!",
  "여기 있는 영화 다 봐야겠어요.",
  "취향이 저랑 비슷하시네요.",
  "저장해 두고 하나씩 볼게요.",
  "몇 편은 처음 알았어요. 추천 감사해요.",
];

function fill(template: string, ctx: Partial<ReviewContext>): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: keyof ReviewContext) => {
    const value = ctx[key];
    if (!value) missing = true;
    return value ?? "";
  });
  return missing ? null : text;
}

function sentences(rng: Prng, pool: readonly string[], ctx: Partial<ReviewContext>, count: number): string[] {
  const out: string[] = [];
  for (const template of rng.sample(pool, pool.length)) {
    const text = fill(template, ctx);
    if (text) out.push(text);
    if (out.length === count) break;
  }
  return out;
}

export function reviewText(rng: Prng, rating: number, ctx: ReviewContext): string {
  const pool = rating >= 4.5 ? GREAT : rating >= 3.5 ? GOOD : rating >= 2.5 ? OKAY : BAD;
  const parts = sentences(rng, pool, ctx, rng.int(1, 3));
  // Some members write a second paragraph: a real newline, as the review box allows.
  return parts.length > 2 ? `${parts.slice(0, 2).join(" ")}\n${parts[2]}` : parts.join(" ");
}

export function spoilerText(rng: Prng, ctx: ReviewContext): string {
  return sentences(rng, SPOILERS, ctx, 1)[0] ?? SPOILERS[1]!;
}

/**
 * The note of a 보고싶어요 / 보는 중 row for a film released in `year`, seen from `nowYear` (one draw, whatever the
 * pool, so the rest of the demo stays as it was).
 */
export function statusText(rng: Prng, watching: boolean, year: number, nowYear: number): string {
  const age = nowYear - year;
  if (watching) return rng.pick(age >= 20 ? WATCHING_CLASSIC : WATCHING);
  return rng.pick(wantPool(age));
}

/**
 * How well a review reads, for choosing the one the demo's likes put first: rated text, longer (up to ~3 sentences),
 * a spoiler-free first paragraph. Status notes ("주말에 보려고…") score lowest.
 */
export function textQuality(review: { rating: number; content: string; spoiler: boolean }): number {
  if (!review.content) return 0;
  const length = Math.min(review.content.length, 120);
  return (review.rating > 0 ? 100 : 0) + length - (review.spoiler ? 30 : 0);
}
export const replyText = (rng: Prng) => rng.pick(REPLIES);
export const collectionCommentText = (rng: Prng) => rng.pick(COLLECTION_COMMENTS);
export const collectionOverview = (rng: Prng) => (rng.chance(0.35) ? null : rng.pick(OVERVIEWS));
export function collectionTitle(rng: Prng, genre: string): string {
  return fill(rng.pick(COLLECTION_TITLES), { genre }) ?? "내 인생 영화";
}
