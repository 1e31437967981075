// The catalog's record shapes (data/*.json and the import CLI) and their vocabularies: one validator for the seed,
// the importer and the integrity test, so a record that seeds is exactly a record that imports.
import { CAST_KINDS, DIRECTOR_KIND, GRADES } from "@moviepedia/contract";
import { z } from "zod";

export const GENRES = [
  "드라마",
  "액션",
  "코미디",
  "범죄",
  "로맨스",
  "스릴러",
  "판타지",
  "역사",
  "SF",
  "애니메이션",
  "모험",
  "가족",
  "미스터리",
  "전쟁",
  "공포",
  "전기",
  "뮤지컬",
  "음악",
  "느와르",
  "스포츠",
  "서부",
  "다큐멘터리",
  "재난",
  "무협",
  "공연",
] as const;

export const COUNTRIES = [
  "한국",
  "미국",
  "일본",
  "프랑스",
  "영국",
  "독일",
  "홍콩",
  "중국",
  "대만",
  "이탈리아",
  "스페인",
  "스웨덴",
  "덴마크",
  "노르웨이",
  "핀란드",
  "아이슬란드",
  "네덜란드",
  "벨기에",
  "스위스",
  "오스트리아",
  "폴란드",
  "체코",
  "헝가리",
  "루마니아",
  "러시아",
  "우크라이나",
  "그리스",
  "포르투갈",
  "아일랜드",
  "튀르키예",
  "이스라엘",
  "이란",
  "레바논",
  "이집트",
  "인도",
  "태국",
  "베트남",
  "인도네시아",
  "필리핀",
  "싱가포르",
  "말레이시아",
  "몽골",
  "호주",
  "뉴질랜드",
  "캐나다",
  "멕시코",
  "브라질",
  "아르헨티나",
  "칠레",
  "콜롬비아",
  "남아프리카공화국",
] as const;

/** Credit kinds the catalog may use: the director, every cast kind of API.md §4.0, and crew shown verbatim. */
export const CREDIT_KINDS = [DIRECTOR_KIND, ...CAST_KINDS, "각본", "원작", "제작", "촬영", "음악", "편집", "목소리"];

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_YEAR = 2100;

const nonBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== "" && s === s.trim(), { message: "must be non-empty without surrounding spaces" });
const imageUrl = z
  .string()
  .max(1000)
  .regex(/^https?:\/\//, { message: "must be an http(s) URL" })
  .nullable()
  .optional();
const vocabulary = (words: readonly string[], what: string) =>
  z
    .array(z.string().refine((w) => words.includes(w), { message: `must be a known ${what}` }))
    .min(1, { message: `needs at least one ${what}` })
    .refine((list) => new Set(list).size === list.length, { message: `must not repeat a ${what}` });

export const CreditRecord = z.object({
  person: z.string().regex(KEY, { message: "must be a person key" }),
  kind: z.string().refine((k) => CREDIT_KINDS.includes(k), { message: `must be one of ${CREDIT_KINDS.join(", ")}` }),
  character: nonBlank(200).nullable().optional(),
});
export type CreditRecord = z.infer<typeof CreditRecord>;

export const MovieRecord = z.object({
  key: z.string().regex(KEY, { message: "must be lowercase words joined by '-'" }),
  title: nonBlank(300),
  original_title: z.string().max(300).default(""),
  english_title: z.string().max(300).nullable().optional(),
  year: z.number().int().min(1888).max(MAX_YEAR),
  running_time: z.number().int().min(1).max(1000).nullable(),
  grade: z.enum(GRADES).nullable(),
  genres: vocabulary(GENRES, "genre"),
  countries: vocabulary(COUNTRIES, "country"),
  synopsis: z.string().max(10000).default(""),
  poster_url: imageUrl,
  backdrop_url: imageUrl,
  credits: z.array(CreditRecord).default([]),
});
export type MovieRecord = z.infer<typeof MovieRecord>;

export const PersonRecord = z.object({
  key: z.string().regex(KEY, { message: "must be lowercase words joined by '-'" }),
  name: nonBlank(200),
  original_name: z.string().max(200).nullable().optional(),
  biography: z.string().max(10000).nullable().optional(),
  profile_url: imageUrl,
});
export type PersonRecord = z.infer<typeof PersonRecord>;

/** The charts stored as lists (rank 1 first); `watcha10` is computed from activity, never imported. */
export const STORED_CHARTS = ["box_office", "watcha_buying", "netflix"] as const;
export type StoredChart = (typeof STORED_CHARTS)[number];

export class RecordError extends Error {}

/** "field 'year' must be …" from the first zod issue, for messages that name the record and line. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "record";
  return `field '${field}' ${issue.code === "invalid_type" ? `must be ${issue.expected}` : issue.message}`;
}

/** Credits that repeat the same person with the same kind on one movie are a data error. */
export function duplicateCredit(movie: MovieRecord): CreditRecord | undefined {
  const seen = new Set<string>();
  for (const credit of movie.credits) {
    const id = `${credit.person}\u0000${credit.kind}`;
    if (seen.has(id)) return credit;
    seen.add(id);
  }
  return undefined;
}
