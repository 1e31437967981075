import type { Collection } from "@moviepedia/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, signIn } from "../../../test/session";
import { ME } from "../../../test/tokens";
import { COLLECTIONS } from "../strings";
import { fakeServer, renderInApp } from "../testing/app";
import CollectionEditPage from "./collection-edit-page";
import NewCollectionPage from "./new-collection-page";

const poster = (id: number) => `/media/poster/${id}.svg`;

function collection(userId: number): Collection {
  return {
    id: 5,
    user_id: userId,
    title: "봉준호",
    overview: null,
    movies: [1, 2].map((id) => ({ id, title: `영화 ${id}`, poster_url: poster(id), average_rating: null })),
    movie_count: 2,
    likes_count: 0,
    comments_count: 0,
    like: false,
    created_at: "2025-02-01T03:04:05",
  };
}

afterEach(endSession);

const renderNew = (path: string) => renderInApp(<NewCollectionPage />, path, "/profile/:userId/collections/new");

describe("new collection page", () => {
  it("asks visitors to log in", async () => {
    fakeServer([]);
    renderNew("/profile/7/collections/new");
    expect(await screen.findByText(COLLECTIONS.loginToCreate)).toBeInTheDocument();
  });

  it("sends a member on someone else's profile to that profile", async () => {
    fakeServer([["GET", /^\/api\/users\/me$/, () => [200, ME]]]);
    await signIn();
    const { router } = renderNew("/profile/8/collections/new");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile/8"));
  });

  it("preselects ?movie and opens the created collection", async () => {
    const posts: unknown[] = [];
    fakeServer([
      ["GET", /^\/api\/users\/me$/, () => [200, ME]],
      ["GET", /^\/api\/movies$/, () => [200, [{ id: 12, title: "기생충", poster_url: poster(12) }]]],
      [
        "POST",
        /^\/api\/collections$/,
        (_url, body) => {
          posts.push(body);
          return [201, { ...collection(7), id: 44 }];
        },
      ],
    ]);
    await signIn();
    const { router } = renderNew("/profile/7/collections/new?movie=12");
    expect(await screen.findByText("기생충")).toBeInTheDocument();
    expect(screen.getByText("1 / 1000")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(COLLECTIONS.titleLabel), "  최애  ");
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.create }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/collections/44"));
    expect(posts).toEqual([{ title: "최애", overview: null, movie_ids: [12] }]);
  });
});

const renderEdit = () => renderInApp(<CollectionEditPage />, "/collections/5/edit", "/collections/:collectionId/edit");

describe("collection edit page", () => {
  it("sends someone else to the collection page", async () => {
    fakeServer([
      ["GET", /^\/api\/users\/me$/, () => [200, ME]],
      ["GET", /^\/api\/collections\/5$/, () => [200, collection(8)]],
    ]);
    await signIn();
    const { router } = renderEdit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/collections/5"));
  });

  it("sends the owner's changes as a difference", async () => {
    const patches: unknown[] = [];
    fakeServer([
      ["GET", /^\/api\/users\/me$/, () => [200, ME]],
      ["GET", /^\/api\/collections\/5$/, () => [200, collection(7)]],
      [
        "PATCH",
        /^\/api\/collections\/5$/,
        (_url, body) => {
          patches.push(body);
          return [200, collection(7)];
        },
      ],
    ]);
    await signIn();
    const { router } = renderEdit();
    const title = await screen.findByLabelText(COLLECTIONS.titleLabel);
    expect(title).toHaveValue("봉준호");
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.removeMode }));
    await userEvent.click(screen.getByRole("checkbox", { name: "영화 1 선택" }));
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.removeConfirm }));
    await userEvent.type(screen.getByLabelText(COLLECTIONS.overviewLabel), "새 설명");
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.save }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/collections/5"));
    expect(patches).toEqual([{ title: "봉준호", overview: "새 설명", add_movie_ids: [], delete_movie_ids: [1] }]);
  });
});
