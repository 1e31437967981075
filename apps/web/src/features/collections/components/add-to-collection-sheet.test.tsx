import { type Collection, type CollectionMovie, MSG } from "@moviepedia/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, signIn } from "../../../test/session";
import { ME } from "../../../test/tokens";
import { AddToCollectionSheet } from "../index";
import { COLLECTIONS } from "../strings";
import { fakeServer, renderInApp } from "../testing/app";

const movies = (...ids: number[]): CollectionMovie[] =>
  ids.map((id) => ({ id, title: `영화 ${id}`, poster_url: `/media/poster/${id}.svg`, average_rating: null }));

function collection(id: number, title: string, ids: number[], count = ids.length): Collection {
  return {
    id,
    user_id: 7,
    title,
    overview: null,
    movies: movies(...ids),
    movie_count: count,
    likes_count: 0,
    comments_count: 0,
    like: false,
    created_at: "2025-02-01T03:04:05",
  };
}

const HOLDS = collection(1, "이미 담은 컬렉션", [12, 3]);
// A full collection: the list answer holds every movie (API.md §4.0, revision 2); movie 12 is the 1000th.
const BIG = collection(2, "큰 컬렉션", [...Array.from({ length: 999 }, (_, i) => 1000 + i), 12]);
const OTHER = collection(3, "다른 컬렉션", [4]);
const RACED = collection(4, "경쟁 컬렉션", []);

afterEach(endSession);

describe("AddToCollectionSheet", () => {
  it("lists my collections, marks those holding the film and adds it to another", async () => {
    const patches: unknown[] = [];
    const server = fakeServer([
      ["GET", /^\/api\/users\/me$/, () => [200, ME]],
      ["GET", /^\/api\/collections\/list\/7$/, () => [200, [HOLDS, BIG, OTHER, RACED]]],
      [
        "PATCH",
        /^\/api\/collections\/3$/,
        (_url, body) => {
          patches.push(body);
          return [200, { ...OTHER, movies: movies(4, 12), movie_count: 2 }];
        },
      ],
      ["PATCH", /^\/api\/collections\/4$/, () => [409, { code: "MOVIE_ALREADY_IN_COLLECTION", detail: "" }]],
    ]);
    await signIn();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderInApp(<AddToCollectionSheet movieId={12} open onOpenChange={() => undefined} />);

    const sheet = await screen.findByRole("dialog", { name: COLLECTIONS.sheetTitle });
    expect(within(sheet).getByRole("link", { name: COLLECTIONS.newCollection })).toHaveAttribute(
      "href",
      "/profile/7/collections/new?movie=12",
    );
    expect(
      await within(sheet).findByRole("button", { name: COLLECTIONS.sheetAlreadyIn("이미 담은 컬렉션") }),
    ).toBeDisabled();
    expect(await within(sheet).findByRole("button", { name: COLLECTIONS.sheetAlreadyIn("큰 컬렉션") })).toBeDisabled();

    await userEvent.click(within(sheet).getByRole("button", { name: COLLECTIONS.sheetAddTo("다른 컬렉션") }));
    expect(await within(sheet).findByText(COLLECTIONS.sheetAdded("다른 컬렉션"))).toBeInTheDocument();
    expect(patches).toEqual([{ title: "다른 컬렉션", overview: null, add_movie_ids: [12], delete_movie_ids: [] }]);
    expect(within(sheet).getByRole("button", { name: COLLECTIONS.sheetAlreadyIn("다른 컬렉션") })).toBeDisabled();

    await userEvent.click(within(sheet).getByRole("button", { name: COLLECTIONS.sheetAddTo("경쟁 컬렉션") }));
    expect(await within(sheet).findByRole("alert")).toHaveTextContent("이미 컬렉션에 담긴 작품입니다.");
    const listCall = server.mock.calls.find(([url]) => String(url).includes("/api/collections/list/7"));
    expect(String(listCall?.[0])).not.toContain("begin");
    expect(String(listCall?.[0])).not.toContain("movies_limit");
    // Membership comes from the list alone: no collection is read one by one.
    const reads = server.mock.calls.filter(
      ([url, init]) => /\/api\/collections\/\d+$/.test(String(url)) && (init?.method ?? "GET") === "GET",
    );
    expect(reads).toEqual([]);
  });

  it("sends visitors to the login-required overlay", async () => {
    fakeServer([]);
    const onOpenChange = vi.fn();
    renderInApp(<AddToCollectionSheet movieId={12} open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole("dialog", { name: MSG.loginRequiredTitle })).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
