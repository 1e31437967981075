import { LOG, MSG } from "@moviepedia/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../shared/lib/api";
import { type EditorMovie, movieDiff } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";
import { fakeServer, renderInApp } from "../testing/app";
import { CollectionEditor } from "./collection-editor";

afterEach(() => vi.unstubAllGlobals());

const movie = (id: number, title: string): EditorMovie => ({ id, title, poster_url: `/media/poster/${id}.svg` });
const THREE = [movie(1, "기생충"), movie(2, "마더"), movie(3, "괴물")];

function renderEditor(options: { title?: string; movies?: EditorMovie[]; onSubmit?: () => Promise<void> } = {}) {
  const onSubmit = vi.fn(options.onSubmit ?? (async () => undefined));
  renderInApp(
    <CollectionEditor
      initial={{ title: options.title ?? "", overview: "", movies: options.movies ?? [] }}
      submitLabel="만들기"
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, save: () => screen.getByRole("button", { name: "만들기" }) };
}

describe("CollectionEditor", () => {
  it("keeps the save button disabled while the title is empty or blank", async () => {
    const { save, onSubmit } = renderEditor();
    expect(save()).toBeDisabled();
    const title = screen.getByLabelText(COLLECTIONS.titleLabel);
    await userEvent.type(title, "   ");
    expect(save()).toBeDisabled();
    await userEvent.type(title, "주말 영화");
    expect(save()).toBeEnabled();
    await userEvent.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: "   주말 영화" }));
  });

  it("counts title (100) and overview (500) and cuts the title at its limit", async () => {
    renderEditor();
    const title = screen.getByLabelText(COLLECTIONS.titleLabel);
    await userEvent.type(title, "가나다");
    expect(screen.getByText("3/100")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(COLLECTIONS.overviewLabel), "설명입니다");
    expect(screen.getByText("5/500")).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste("가".repeat(120));
    expect(title).toHaveValue("가".repeat(100));
    expect(screen.getByText("100/100")).toBeInTheDocument();
  });

  it("removes the selected movies in remove mode, with save disabled meanwhile", async () => {
    const { save } = renderEditor({ title: "봉준호", movies: THREE });
    expect(screen.getByText("3 / 1000")).toBeInTheDocument();
    expect(save()).toBeEnabled();

    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.removeMode }));
    expect(save()).toBeDisabled();
    const confirm = screen.getByRole("button", { name: COLLECTIONS.removeConfirm });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByRole("checkbox", { name: "마더 선택" }));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(screen.queryByText("마더")).not.toBeInTheDocument();
    expect(screen.getByText("2 / 1000")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it("leaves the list untouched when remove mode is cancelled", async () => {
    const { save } = renderEditor({ title: "봉준호", movies: THREE });
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.removeMode }));
    await userEvent.click(screen.getByRole("checkbox", { name: "기생충 선택" }));
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.removeCancel }));
    expect(screen.getByText("3 / 1000")).toBeInTheDocument();
    expect(screen.getByText("기생충")).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it("disables saving while the save is in flight", async () => {
    let finish: () => void = () => undefined;
    const { save } = renderEditor({
      title: "저장 중",
      onSubmit: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await userEvent.click(save());
    const busy = screen.getByRole("button", { name: COLLECTIONS.saving });
    expect(busy).toBeDisabled();
    finish();
    expect(await screen.findByRole("button", { name: "만들기" })).toBeEnabled();
  });

  it("shows a conflict in Korean and logs SPEC §8's line", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { save } = renderEditor({
      title: "중복",
      onSubmit: async () => {
        throw new ApiError(409, "MOVIE_ALREADY_IN_COLLECTION", "");
      },
    });
    await userEvent.click(save());
    expect(await screen.findByText("이미 컬렉션에 담긴 작품입니다.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(LOG.updateCollection, expect.any(ApiError));
    log.mockRestore();
  });

  it("adds movies found by the search, in the order added", async () => {
    const server = fakeServer([
      [
        "GET",
        /^\/api\/search$/,
        () => [
          200,
          { movie_list: [7, 3], participant_list: [], collection_list: [], user_list: [], movie_dict_by_genre: {} },
        ],
      ],
      [
        "GET",
        /^\/api\/movies$/,
        (url) => [
          200,
          (url.searchParams.get("ids") ?? "").split(",").map((id) => ({
            id: Number(id),
            title: id === "7" ? "살인의 추억" : "괴물",
            year: 2003,
            countries: ["한국"],
            poster_url: `/media/poster/${id}.svg`,
          })),
        ],
      ],
    ]);
    renderEditor({ title: "봉준호", movies: [movie(1, "기생충"), movie(3, "괴물")] });
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.addMovies }));
    const dialog = await screen.findByRole("dialog", { name: COLLECTIONS.searchTitle });
    await userEvent.type(within(dialog).getByLabelText(COLLECTIONS.searchLabel), "봉준호{Enter}");
    await userEvent.click(await within(dialog).findByRole("button", { name: "살인의 추억 추가" }));
    expect(within(dialog).getByRole("button", { name: "살인의 추억 추가됨" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "괴물 추가됨" })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("button", { name: COLLECTIONS.done }));

    expect(screen.getByText("3 / 1000")).toBeInTheDocument();
    const titles = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(titles).toEqual(["기생충", "괴물", "살인의 추억"]);
    const searchUrl = new URL(String(server.mock.calls[0]?.[0]), "http://localhost");
    expect(searchUrl.searchParams.get("search_q")).toBe("봉준호");
    expect(searchUrl.searchParams.has("begin")).toBe(false);
  });

  it("asks for a query before searching", async () => {
    const server = fakeServer([]);
    renderEditor({ title: "봉준호" });
    await userEvent.click(screen.getByRole("button", { name: COLLECTIONS.addMovies }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(COLLECTIONS.searchLabel), "   {Enter}");
    expect(within(dialog).getByText(MSG.emptyQuery)).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });
});

describe("movieDiff", () => {
  it("sends additions in the order added and the removed originals", () => {
    expect(movieDiff([1, 2, 3], [movie(1, "a"), movie(3, "c"), movie(9, "x"), movie(5, "y")])).toEqual({
      addMovieIds: [9, 5],
      deleteMovieIds: [2],
    });
  });
});
