import { type Collection, LOG, MSG } from "@moviepedia/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, signIn } from "../../../test/session";
import { ME } from "../../../test/tokens";
import { COLLECTIONS } from "../strings";
import { fakeServer, renderInApp, type Route } from "../testing/app";
import CollectionPage from "./collection-page";

const COLLECTION: Collection = {
  id: 5,
  user_id: 7,
  title: "봉준호 모음",
  overview: "감독의 영화들",
  movies: [{ id: 1, title: "기생충", poster_url: "/media/poster/1.svg", average_rating: 4.5 }],
  movie_count: 1,
  likes_count: 2,
  comments_count: 0,
  like: false,
  created_at: "2025-02-01T03:04:05",
};

const BASE: Route[] = [
  ["GET", /^\/api\/collections\/5$/, () => [200, COLLECTION]],
  ["GET", /^\/api\/collection_comments\/5\/list$/, () => [200, []]],
  ["GET", /^\/api\/users\/profile\/7$/, () => [200, { ...ME, is_following: false, is_blocked: false }]],
  ["GET", /^\/api\/users\/me$/, () => [200, ME]],
];

/** jsdom has no Clipboard API: install one (or none) for a test. */
function setClipboard(value: Pick<Clipboard, "writeText"> | undefined) {
  Object.defineProperty(navigator, "clipboard", { value, configurable: true });
}

function renderPage(id = 5) {
  return renderInApp(<CollectionPage />, `/collections/${id}`, "/collections/:collectionId");
}

afterEach(async () => {
  setClipboard(undefined);
  await endSession();
});

describe("collection page", () => {
  it("shows the collection with owner, counts and movies", async () => {
    fakeServer(BASE);
    renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "봉준호 모음" })).toBeInTheDocument();
    expect(screen.getByText("작품 1 · 좋아요 2 · 댓글 0")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: ME.username })).toHaveAttribute("href", "/profile/7");
    expect(screen.getByRole("link", { name: /기생충/ })).toHaveAttribute("href", "/movies/1");
    expect(screen.getByText(COLLECTIONS.commentsEmpty)).toBeInTheDocument();
    // Visitors get no owner menu.
    expect(screen.queryByRole("button", { name: COLLECTIONS.menu })).not.toBeInTheDocument();
  });

  it("says the collection was not found on a 404 and logs SPEC §8's line", async () => {
    fakeServer([["GET", /^\/api\/collections\/9$/, () => [404, { code: "COLLECTION_NOT_FOUND", detail: "" }]]]);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage(9);
    expect(await screen.findByText(MSG.collectionNotFound)).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(LOG.collectionDetails, expect.anything());
  });

  it("opens a linked comment (#comment-{id}) past the first windows, scrolled to and marked", async () => {
    const comments = Array.from({ length: 25 }, (_, i) => ({
      id: 100 + i,
      collection_id: 5,
      user_id: 7,
      user_name: ME.username,
      profile_url: "",
      content: `댓글 ${i + 1}`,
      likes_count: 0,
      like: false,
      created_at: "2025-02-01T03:04:05",
    }));
    fakeServer([
      ["GET", /^\/api\/collections\/5$/, () => [200, { ...COLLECTION, comments_count: 25 }]],
      [
        "GET",
        /^\/api\/collection_comments\/5\/list$/,
        (url) => [200, comments.slice(Number(url.searchParams.get("begin")), Number(url.searchParams.get("end")))],
      ],
      ...BASE,
    ]);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderInApp(<CollectionPage />, "/collections/5#comment-123", "/collections/:collectionId");
    const target = await screen.findByText("댓글 24");
    const item = target.closest("li")!;
    expect(item).toHaveAttribute("id", "comment-123");
    expect(item).toHaveAttribute("aria-current", "true");
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts.at(-1)).toBe(item);
  });

  it("shows a load error for other failures", async () => {
    fakeServer([["GET", /^\/api\/collections\/5$/, () => [500, { code: "INTERNAL_ERROR", detail: "" }]]]);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(COLLECTIONS.loadFailed);
  });

  it("copies the link and says so in a toast", async () => {
    fakeServer(BASE);
    const writeText = vi.fn(async () => undefined);
    setClipboard({ writeText });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: COLLECTIONS.share }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/collections/5`);
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.linkCopied);
  });

  it("says the failure in a toast when the clipboard refuses", async () => {
    fakeServer(BASE);
    const writeText = vi.fn(async () => Promise.reject(new DOMException("denied", "NotAllowedError")));
    setClipboard({ writeText });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: COLLECTIONS.share }));
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.linkCopyFailed);
  });

  it("says the failure where the Clipboard API is missing (insecure origins)", async () => {
    fakeServer(BASE);
    setClipboard(undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: COLLECTIONS.share }));
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.linkCopyFailed);
  });

  it("shows visitors the login-required overlay instead of liking", async () => {
    const server = fakeServer(BASE);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: COLLECTIONS.like }));
    expect(await screen.findByRole("dialog", { name: MSG.loginRequiredTitle })).toBeInTheDocument();
    expect(server.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("says a failed comment in a toast and logs SPEC §8's line", async () => {
    fakeServer([
      ...BASE,
      ["POST", /^\/api\/collection_comments\/5$/, () => [500, { code: "INTERNAL_ERROR", detail: "" }]],
    ]);
    await signIn();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    const box = await screen.findByLabelText(COLLECTIONS.commentLabel);
    const submit = screen.getByRole("button", { name: COLLECTIONS.commentSubmit });
    await userEvent.type(box, "   ");
    expect(submit).toBeDisabled();
    await userEvent.type(box, "좋아요");
    await userEvent.click(submit);
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.commentRegistrationFailed);
    expect(log).toHaveBeenCalledWith(LOG.commentRegistration, expect.anything());
    expect(box).toHaveValue("   좋아요");
  });

  it("lets a comment's author edit it in a modal and delete it after confirming", async () => {
    const comment = (id: number, userId: number, content: string) => ({
      id,
      collection_id: 5,
      user_id: userId,
      user_name: userId === 7 ? ME.username : "other_user",
      profile_url: "/media/avatar/1.svg",
      content,
      likes_count: 0,
      like: false,
      created_at: "2025-02-01T03:04:05",
    });
    let comments = [comment(1, 8, "남의 댓글"), comment(2, 7, "내 댓글")];
    const patches: unknown[] = [];
    fakeServer([
      ...BASE.filter(([, pattern]) => !pattern.test("/api/collection_comments/5/list")),
      ["GET", /^\/api\/collection_comments\/5\/list$/, () => [200, comments]],
      [
        "PATCH",
        /^\/api\/collection_comments\/2$/,
        (_url, body) => {
          patches.push(body);
          return [200, comment(2, 7, "고친 댓글")];
        },
      ],
      [
        "DELETE",
        /^\/api\/collection_comments\/2$/,
        () => {
          comments = comments.filter((c) => c.id !== 2);
          return [204, null];
        },
      ],
    ]);
    await signIn();
    renderPage();
    await screen.findByText("내 댓글");
    expect(screen.getAllByRole("button", { name: COLLECTIONS.commentMenuEdit })).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.commentMenuEdit }));
    const modal = await screen.findByRole("dialog", { name: COLLECTIONS.commentEditTitle });
    const field = within(modal).getByLabelText(COLLECTIONS.commentEditLabel);
    expect(field).toHaveValue("내 댓글");
    await userEvent.clear(field);
    expect(within(modal).getByRole("button", { name: COLLECTIONS.commentEditSave })).toBeDisabled();
    await userEvent.type(field, "고친 댓글");
    await userEvent.click(within(modal).getByRole("button", { name: COLLECTIONS.commentEditSave }));
    expect(await screen.findByText("고친 댓글")).toBeInTheDocument();
    expect(patches).toEqual([{ content: "고친 댓글" }]);

    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.commentMenuDelete }));
    const confirm = await screen.findByRole("dialog", { name: COLLECTIONS.commentDeleteTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: COLLECTIONS.delete }));
    await vi.waitFor(() => expect(screen.queryByText("고친 댓글")).not.toBeInTheDocument());
    expect(screen.getByText("남의 댓글")).toBeInTheDocument();
  });

  it("gives the owner a menu whose failed delete names the status", async () => {
    fakeServer([...BASE, ["DELETE", /^\/api\/collections\/5$/, () => [503, { code: "INTERNAL_ERROR", detail: "" }]]]);
    await signIn();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: COLLECTIONS.menu }));
    const menu = await screen.findByRole("dialog", { name: COLLECTIONS.menuTitle });
    expect(within(menu).getByRole("button", { name: COLLECTIONS.edit })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole("button", { name: COLLECTIONS.delete }));
    const confirm = await screen.findByRole("dialog", { name: COLLECTIONS.deleteTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: COLLECTIONS.delete }));
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.collectionDeleteFailed(503));
  });
});
