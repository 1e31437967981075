// The catalog's Korean vocabulary (the names data/movies.json uses) for what TMDB and KOBIS send: genres by TMDB id,
// countries by ISO 3166-1 code, Korean certifications by their TMDB or KOBIS spelling.

/** TMDB's fixed movie genre ids → the catalog's genre names. */
export const TMDB_GENRES: Readonly<Record<number, string>> = {
  28: "액션",
  12: "모험",
  16: "애니메이션",
  35: "코미디",
  80: "범죄",
  99: "다큐멘터리",
  18: "드라마",
  10751: "가족",
  14: "판타지",
  36: "역사",
  27: "공포",
  10402: "음악",
  9648: "미스터리",
  10749: "로맨스",
  878: "SF",
  10770: "TV 영화",
  53: "스릴러",
  10752: "전쟁",
  37: "서부",
};

/** Country names as the catalog writes them (한국, not 대한민국); others come from Intl.DisplayNames. */
const COUNTRIES: Readonly<Record<string, string>> = {
  KR: "한국",
  KP: "북한",
  US: "미국",
  GB: "영국",
  JP: "일본",
  CN: "중국",
  HK: "홍콩",
  TW: "대만",
  FR: "프랑스",
  DE: "독일",
  IT: "이탈리아",
  ES: "스페인",
  SE: "스웨덴",
  PL: "폴란드",
  CH: "스위스",
  BE: "벨기에",
  IR: "이란",
  AU: "호주",
  NZ: "뉴질랜드",
  MX: "멕시코",
  BR: "브라질",
  AT: "오스트리아",
  CZ: "체코",
  IN: "인도",
  AR: "아르헨티나",
  CA: "캐나다",
  DK: "덴마크",
  RU: "러시아",
  HU: "헝가리",
  LB: "레바논",
  NL: "네덜란드",
  NO: "노르웨이",
  FI: "핀란드",
  IE: "아일랜드",
  TH: "태국",
  TR: "튀르키예",
};

const regionNames = new Intl.DisplayNames(["ko"], { type: "region", fallback: "none" });

export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  return (
    COUNTRIES[upper] ??
    regionNames
      .of(upper)
      ?.replace(/\(.*\)$/, "")
      .trim()
  );
}

export const GRADES = ["전체 관람가", "12세 이상 관람가", "15세 이상 관람가", "청소년 관람불가", "제한상영가"] as const;

/**
 * A Korean rating as TMDB (KR release dates: "All", "12", "15", "18", "19", "Restricted Screening") or KOBIS
 * ("12세이상관람가", "청소년관람불가", …) writes it → the catalog's grade, or null when it is none of them.
 */
export function gradeName(certification: string | null | undefined): string | null {
  const value = (certification ?? "").replace(/\s+/g, "").toLowerCase();
  if (!value) return null;
  if (value === "all" || value === "g" || value.startsWith("전체")) return "전체 관람가";
  if (value === "12" || value.startsWith("12세")) return "12세 이상 관람가";
  if (value === "15" || value.startsWith("15세")) return "15세 이상 관람가";
  if (value === "18" || value === "19" || value.startsWith("청소년") || value.startsWith("18세")) {
    return "청소년 관람불가";
  }
  if (value.startsWith("restricted") || value.startsWith("제한")) return "제한상영가";
  return null;
}

const HANGUL = /[\uac00-\ud7a3]/;

export function hasHangul(text: string): boolean {
  return HANGUL.test(text);
}

/** A name written in Hangul syllables (spaces, dots and hyphens allowed), e.g. "봉준호", "톰 크루즈". */
export function isHangulName(text: string): boolean {
  return /^[\uac00-\ud7a3][\uac00-\ud7a3\s·.-]*$/.test(text.trim());
}

/** Titles and names compared loosely: NFC, lower case, no spaces or punctuation. */
export function looseKey(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, "");
}
