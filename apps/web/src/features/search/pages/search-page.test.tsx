import { type ExpandedSearchResult, LOG, MSG } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { SEARCH } from "../strings";
import SearchPage from "./search-page";

const EMPTY: ExpandedSearchResult = {
  movie_list: [],
  participant_list: [],
  collection_list: [],
  user_list: [],
  movie_dict_by_genre: {},
  movies: [],
  people: [],
  collections: [],
  users: [],
};

const movie = (id: number, title: string) => ({
  id,
  title,
  original_title: "",
  year: 2019,
  genres: ["드라마"],
  countries: ["한국"],
  running_time: 120,
  grade: null,
  synopsis: "",
  poster_url: `/media/poster/${id}.svg`,
  backdrop_url: `/media/backdrop/${id}.svg`,
  average_rating: 4.2,
  ratings_count: 3,
  reviews_count: 1,
  participants: [],
  tmdb_id: null,
  imdb_id: null,
  kobis_code: null,
  watch_providers: { flatrate: [], buy: [], rent: [] },
});

const RESULTS: Record<string, ExpandedSearchResult> = {
  ㅂㅈㅎ: {
    ...EMPTY,
    participant_list: [3],
    people: [
      {
        id: 3,
        name: "봉준호",
        roles: ["감독"],
        profile_url: "/media/person/3.svg",
        biography: null,
        likes_count: 0,
        like: false,
        tmdb_id: null,
      },
    ],
  },
  드라마: {
    ...EMPTY,
    movie_dict_by_genre: { 드라마: [12, 40], 멜로: [] },
  },
  기생충: {
    ...EMPTY,
    movie_list: [12],
    movies: [movie(12, "기생충")],
    users: [],
  },
};

/** The fake server: search answers by query (first window only), `?ids=` expands movies. */
function serve(fail = false) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (fail) return jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" });
    if (url.pathname === "/api/search") {
      const begin = Number(url.searchParams.get("begin"));
      const result = RESULTS[url.searchParams.get("search_q") ?? ""] ?? EMPTY;
      return jsonResponse(200, begin === 0 ? result : EMPTY);
    }
    if (url.pathname === "/api/participants/3/movies") {
      return jsonResponse(200, [
        { role: "감독", movies: [{ ...movie(12, "기생충"), cast: "" }] },
        { role: "각본", movies: [{ ...movie(12, "기생충"), cast: "" }] },
      ]);
    }
    if (url.pathname === "/api/movies") {
      const ids = (url.searchParams.get("ids") ?? "").split(",").map(Number);
      return jsonResponse(
        200,
        ids.map((id) => movie(id, id === 12 ? "기생충" : "버닝")),
      );
    }
    return jsonResponse(404, { code: "NOT_FOUND", detail: "" });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

function renderSearch(path = "/search") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/search", Component: SearchPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const params = (router: ReturnType<typeof renderSearch>) => new URLSearchParams(router.state.location.search);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("search page", () => {
  it("lands on the first tab with results, shows counts, and follows back navigation", async () => {
    const server = serve();
    const router = renderSearch();
    expect(screen.getByText(SEARCH.prompt)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(SEARCH.inputLabel), "  ㅂㅈㅎ {Enter}");
    expect(params(router).get("query")).toBe("ㅂㅈㅎ");
    // No title matches, but ㅂㅈㅎ names 봉준호 exactly: 영화 lists his films (one entry per film, roles joined).
    const films = await screen.findByRole("region", { name: SEARCH.personFilms("봉준호") });
    expect(within(films).getByRole("link", { name: /기생충/ })).toHaveAttribute("href", "/movies/12");
    expect(within(films).getByText("2019 · 감독 · 각본")).toBeInTheDocument();
    expect(screen.queryByText(MSG.noResults)).toBeNull();
    expect(params(router).get("category")).toBe("movie");
    expect(await screen.findByRole("tab", { name: "영화 1" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "인물 1" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "사용자 0" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: /인물/ }));
    expect(params(router).get("category")).toBe("person");
    expect(await screen.findByRole("link", { name: /봉준호/ })).toHaveAttribute("href", "/people/3");
    // One expanded request per window serves every tab; the counts come from one id-only request without a range.
    const searches = server.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("/api/search"));
    expect(searches.filter((url) => url.includes("expand=true"))).toHaveLength(1);
    // Collection cards show four posters: only those are embedded (movies_limit, API.md §4.0).
    expect(searches.find((url) => url.includes("expand=true"))).toContain("movies_limit=4");
    expect(searches.filter((url) => !url.includes("begin"))).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText(SEARCH.inputLabel));
    await userEvent.type(screen.getByLabelText(SEARCH.inputLabel), "드라마{Enter}");
    // A new query opens its own first tab with results: only 장르 has some.
    await waitFor(() => expect(params(router).get("category")).toBe("genre"));
    expect(await screen.findByRole("link", { name: /버닝/ })).toHaveAttribute("href", "/movies/40");

    await act(() => router.navigate(-1));
    expect(params(router).get("query")).toBe("ㅂㅈㅎ");
    expect(params(router).get("category")).toBe("person");
    expect(screen.getByLabelText(SEARCH.inputLabel)).toHaveValue("ㅂㅈㅎ");
    expect(screen.getByRole("tab", { name: /인물/ })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: /봉준호/ })).toBeInTheDocument();
  });

  it("keeps the tab named in the URL, and opens 영화 when nothing matches", async () => {
    serve();
    const router = renderSearch("/search?query=ㅂㅈㅎ&category=user");
    expect(await screen.findByText(MSG.noResults)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /사용자/ })).toHaveAttribute("aria-selected", "true");
    await act(() => router.navigate("/search?query=없는영화"));
    await waitFor(() => expect(params(router).get("category")).toBe("movie"));
    expect(await screen.findByText(MSG.noResults)).toBeInTheDocument();
  });

  it("restores the genre tab and sub-tab from the URL", async () => {
    serve();
    const router = renderSearch("/search?query=드라마&category=genre");
    const genres = await screen.findByRole("tablist", { name: SEARCH.genreTabsLabel });
    expect(within(genres).getByRole("tab", { name: "드라마" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: /버닝/ })).toHaveAttribute("href", "/movies/40");

    await userEvent.click(within(genres).getByRole("tab", { name: "멜로" }));
    expect(params(router).get("genre")).toBe("멜로");
    expect(await screen.findByText(MSG.noResults)).toBeInTheDocument();
  });

  it("refuses an empty or over-long query without asking the server", async () => {
    const server = serve();
    renderSearch();
    const input = screen.getByLabelText(SEARCH.inputLabel);
    await userEvent.type(input, "   {Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(MSG.emptyQuery);
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste("가".repeat(101));
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(SEARCH.tooLong(100));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(server).not.toHaveBeenCalled();
  });

  it("shows red error text when the search fails and logs it", async () => {
    serve(true);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderSearch("/search?query=기생충&category=collection");
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.searchFailed);
    expect(log).toHaveBeenCalledWith(LOG.search, expect.anything());
  });
});
