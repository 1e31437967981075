// KOBIS (영화진흥위원회 통합전산망) open API: the daily box office and a film's details. Same discipline as TMDB's
// client (http.ts); KOBIS answers errors with 200 and a `faultInfo` body, turned into an error here.
import { HttpClient, type HttpClientOptions } from "./http.js";

/** One row of boxoffice/searchDailyBoxOfficeList.json (KOBIS sends every number as a string). */
export interface KobisDailyEntry {
  rnum: string;
  rank: string;
  rankInten?: string;
  rankOldAndNew?: string;
  movieCd: string;
  movieNm: string;
  /** "YYYY-MM-DD", or " " / "" when not opened yet. */
  openDt: string;
  salesAmt?: string;
  audiCnt?: string;
  audiAcc?: string;
  scrnCnt?: string;
  showCnt?: string;
}

export interface KobisDailyBoxOffice {
  boxOfficeResult: { boxofficeType: string; showRange: string; dailyBoxOfficeList: KobisDailyEntry[] };
}

/** movie/searchMovieInfo.json → movieInfoResult.movieInfo */
export interface KobisMovieInfo {
  movieCd: string;
  movieNm: string;
  movieNmEn?: string;
  movieNmOg?: string;
  showTm?: string;
  prdtYear?: string;
  /** "YYYYMMDD" or "". */
  openDt?: string;
  nations?: Array<{ nationNm: string }>;
  genres?: Array<{ genreNm: string }>;
  directors?: Array<{ peopleNm: string; peopleNmEn?: string }>;
  actors?: Array<{ peopleNm: string; peopleNmEn?: string; cast?: string; castEn?: string }>;
  audits?: Array<{ auditNo?: string; watchGradeNm: string }>;
}

interface KobisFault {
  faultInfo?: { message?: string; errorCode?: string };
}

export interface KobisConfig {
  apiKey: string;
  baseUrl: string;
}

export class KobisClient {
  readonly http: HttpClient;

  constructor(
    private readonly config: KobisConfig,
    http: Partial<HttpClientOptions> = {},
  ) {
    // KOBIS's daily quota is small (3,000 calls): a gentle pace is plenty.
    this.http = new HttpClient({ requestsPerSecond: 10, concurrency: 4, ...http });
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${this.config.baseUrl}/${path}`);
    url.searchParams.set("key", this.config.apiKey);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const body = await this.http.getJson<T & KobisFault>(url.toString());
    if (body.faultInfo) {
      throw new Error(`KOBIS ${body.faultInfo.errorCode ?? "error"}: ${body.faultInfo.message ?? "no message"}`);
    }
    return body;
  }

  /** The daily box office of `date` (YYYYMMDD), rank 1 first. */
  async dailyBoxOffice(date: string): Promise<KobisDailyEntry[]> {
    const body = await this.get<KobisDailyBoxOffice>("boxoffice/searchDailyBoxOfficeList.json", { targetDt: date });
    return [...(body.boxOfficeResult?.dailyBoxOfficeList ?? [])].sort((a, b) => Number(a.rank) - Number(b.rank));
  }

  async movieInfo(code: string): Promise<KobisMovieInfo | undefined> {
    const body = await this.get<{ movieInfoResult?: { movieInfo?: KobisMovieInfo } }>("movie/searchMovieInfo.json", {
      movieCd: code,
    });
    const info = body.movieInfoResult?.movieInfo;
    return info?.movieCd ? info : undefined;
  }
}
