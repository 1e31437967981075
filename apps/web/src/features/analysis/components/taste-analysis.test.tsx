import type { PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { GenreTagCloud } from "./genre-tag-cloud";
import { TasteAnalysis } from "./taste-analysis";

const DIST = { "0.5": 0, "1.0": 0, "1.5": 0, "2.0": 1, "2.5": 0, "3.0": 2, "3.5": 0, "4.0": 4, "4.5": 0, "5.0": 1 };
const RATING: RatingAnalysis = {
  user_id: 7,
  rating_num: 8,
  rating_avg: 3.75,
  rating_dist: DIST,
  rating_mode: 4,
  rating_message: "나만의 영화 목록이 확실한 관객",
  viewing_time: 17,
  viewing_message: "이제 막 영화 기록을 시작했어요",
};
const PREFERENCE: PreferenceAnalysis = {
  user_id: 7,
  country_dict: { 한국: [88.8, 5], 미국: [60.2, 2], 일본: [55.9, 1], 프랑스: [40.5, 1] },
  genre_dict: { 드라마: [90, 4], 코미디: [30, 1] },
  actor_dict: null,
  director_dict: { 봉준호: [99.9, 2] },
  // The display ranking the screens use: its order and scores, not the dicts' (which saturate on one film).
  ranked: {
    country: [
      { name: "한국", score: 72.4, count: 5, rated: true },
      { name: "미국", score: 58.1, count: 2, rated: true },
      { name: "일본", score: 55.9, count: 1, rated: true },
      { name: "프랑스", score: 50.4, count: 1, rated: false },
    ],
    genre: [
      { name: "드라마", score: 70, count: 4, rated: true },
      { name: "코미디", score: 40, count: 1, rated: true },
    ],
    actor: [],
    director: [{ name: "봉준호", score: 61.9, count: 2, rated: true }],
  },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderAnalysis(mode: "default" | "short" | "all") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TasteAnalysis userId={7} mode={mode} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("TasteAnalysis", () => {
  it("sends both requests at once and shows 불러오는 중… until both arrived", async () => {
    const rating = deferred<Response>();
    const preference = deferred<Response>();
    const fetchMock = vi.fn((url: RequestInfo | URL) =>
      String(url).includes("search_q=rating") ? rating.promise : preference.promise,
    );
    vi.stubGlobal("fetch", fetchMock);
    renderAnalysis("default");
    expect(screen.getByRole("heading", { level: 1, name: "취향 분석" })).toBeInTheDocument();
    expect(screen.getByText("불러오는 중…")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    rating.resolve(jsonResponse(200, RATING));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText("불러오는 중…")).toBeInTheDocument();
    preference.resolve(jsonResponse(200, PREFERENCE));
    expect(await screen.findByText("3.8")).toBeInTheDocument(); // average with one decimal
    expect(screen.getByText("4.0")).toBeInTheDocument(); // most given rating
    expect(screen.getByText("17 시간")).toBeInTheDocument();
    expect(screen.getByText("이제 막 영화 기록을 시작했어요")).toBeInTheDocument();
  });

  it("shows the no-reviews state as soon as rating_num is 0, without preferences", async () => {
    const fetchMock = vi.fn((url: RequestInfo | URL) =>
      String(url).includes("search_q=rating")
        ? Promise.resolve(jsonResponse(200, { ...RATING, rating_num: 0, rating_avg: null, rating_mode: null }))
        : new Promise<Response>(() => undefined),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderAnalysis("all");
    expect(await screen.findByText("아직 평가한 작품이 없어요.")).toBeInTheDocument();
    expect(screen.queryByText("선호 국가")).not.toBeInTheDocument();
  });

  it("shows the top 3 prominently, the rest as a list, integer scores and empty sections", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: RequestInfo | URL) =>
        jsonResponse(200, String(url).includes("search_q=rating") ? RATING : PREFERENCE),
      ),
    );
    renderAnalysis("all");
    const top = await screen.findByTestId("countries-top");
    expect(
      within(top)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["1위한국72점 · 5편 평가", "2위미국58점 · 2편 평가", "3위일본55점 · 1편 평가"]);
    expect(within(screen.getByTestId("countries-rest")).getByText("프랑스")).toBeInTheDocument();
    expect(screen.getByText("선호하는 배우를 찾지 못했어요.")).toBeInTheDocument();
    expect(screen.getByText("61점 · 2편 평가")).toBeInTheDocument();
    // An entity seen only in marked or commented films says so rather than claiming ratings.
    expect(within(screen.getByTestId("countries-rest")).getByText("50점 · 1편 관심")).toBeInTheDocument();
    expect(screen.getByText(/평균 별점과 비교한 값/)).toBeInTheDocument();
    expect(screen.getByTestId("bar-4.0")).toHaveStyle({ height: "80px" });
    expect(screen.getByTestId("bar-3.0")).toHaveStyle({ height: "40px" });
    expect(screen.getByTestId("bar-2.0")).toHaveStyle({ height: "20px" });
  });

  it("short mode shows the distribution and links to every analysis", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, RATING));
    vi.stubGlobal("fetch", fetchMock);
    renderAnalysis("short");
    expect(await screen.findByRole("link", { name: "모든 분석 보기" })).toHaveAttribute("href", "/analysis");
    expect(await screen.findByTestId("bar-4.0")).toHaveStyle({ height: "80px" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("GenreTagCloud", () => {
  it("sizes each genre at weight + 10 px and bolds weights above 5", () => {
    render(
      <GenreTagCloud
        entries={[
          { name: "드라마", score: 90, count: 4, rated: true },
          { name: "코미디", score: 30, count: 1, rated: true },
        ]}
      />,
    );
    expect(screen.getByText("드라마")).toHaveStyle({ fontSize: "16px" });
    expect(screen.getByText("드라마")).toHaveClass("font-bold");
    expect(screen.getByText("코미디")).toHaveStyle({ fontSize: "12px" });
    expect(screen.getByText("코미디")).toHaveClass("font-normal");
  });
});
