import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { imageSrcSet } from "../lib/image-sources";
import { Avatar } from "./avatar";
import { MediaImage } from "./media-image";
import { Poster } from "./poster";

const TMDB = "https://image.tmdb.org/t/p/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg";
const CACHED = "/media/cache/w500/kqjL17yufvn9OVLyXYpvtyrFfak.webp";

describe("imageSrcSet", () => {
  it("offers the kind's TMDB sizes by swapping the size segment, on TMDB's host and through the cache", () => {
    expect(imageSrcSet(TMDB, "poster")).toBe(
      ["w92 92w", "w154 154w", "w185 185w", "w342 342w", "w500 500w", "w780 780w"]
        .map((s) => `https://image.tmdb.org/t/p/${s.split(" ")[0]}/kqjL17yufvn9OVLyXYpvtyrFfak.jpg ${s.split(" ")[1]}`)
        .join(", "),
    );
    expect(imageSrcSet(CACHED, "backdrop")).toBe(
      "/media/cache/w300/kqjL17yufvn9OVLyXYpvtyrFfak.webp 300w, " +
        "/media/cache/w780/kqjL17yufvn9OVLyXYpvtyrFfak.webp 780w, " +
        "/media/cache/w1280/kqjL17yufvn9OVLyXYpvtyrFfak.webp 1280w",
    );
    expect(imageSrcSet("/media/cache/h632/face.png.webp", "person")).toContain("/media/cache/w185/face.png.webp 185w");
    expect(imageSrcSet("https://cdn.example.com/tmdb/t/p/original/a.jpg", "person")).toContain(
      "https://cdn.example.com/tmdb/t/p/w45/a.jpg 45w",
    );
  });

  it("offers nothing for images that come in one size", () => {
    for (const src of [
      "/media/poster/12.svg?v=3fa91c0e",
      "/media/avatars/7-0123456789abcdef.webp",
      "https://images.example.com/me.png",
      "https://image.tmdb.org/t/p/w500/../../x.jpg",
    ]) {
      expect(imageSrcSet(src, "poster"), src).toBeUndefined();
    }
  });
});

describe("MediaImage", () => {
  it("reserves its box, loads lazily by default, shows a placeholder colour and offers sizes", () => {
    render(<MediaImage src={CACHED} kind="poster" alt="기생충 포스터" width={200} height={300} sizes="112px" />);
    const img = screen.getByRole("img", { name: "기생충 포스터" });
    expect(img.getAttribute("width")).toBe("200");
    expect(img.getAttribute("height")).toBe("300");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.className).toContain("bg-gray-200");
    expect(img.getAttribute("sizes")).toBe("112px");
    expect(img.getAttribute("srcset")).toContain("/media/cache/w342/kqjL17yufvn9OVLyXYpvtyrFfak.webp 342w");
  });

  it("sets no srcset on generated art, and loads eagerly with a high priority when asked", () => {
    render(
      <MediaImage
        src="/media/backdrop/3.svg?v=12345678"
        kind="backdrop"
        alt="배경"
        width={1280}
        height={720}
        loading="eager"
        fetchPriority="high"
      />,
    );
    const img = screen.getByRole("img", { name: "배경" });
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("falls back to the record's generated art when the image fails, then to onFallback", () => {
    let fellBack = 0;
    render(
      <MediaImage
        src={TMDB}
        kind="poster"
        alt="포스터"
        width={200}
        height={300}
        artId={42}
        onFallback={() => fellBack++}
      />,
    );
    const img = screen.getByRole("img", { name: "포스터" });
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe("/media/poster/42.svg");
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.getAttribute("data-fallback")).toBe("art");
    expect(fellBack).toBe(0);
    fireEvent.error(img);
    expect(fellBack).toBe(1);
  });
});

describe("Poster and Avatar", () => {
  it("Poster: 2:3 box, generated poster on error, the title on grey when that fails too", () => {
    render(<Poster src={TMDB} title="기생충" movieId={350} />);
    const img = screen.getByRole("img", { name: "기생충 포스터" });
    expect(img.getAttribute("srcset")).toContain("/w185/");
    fireEvent.error(img);
    expect(screen.getByRole("img", { name: "기생충 포스터" }).getAttribute("src")).toBe("/media/poster/350.svg");
    fireEvent.error(screen.getByRole("img", { name: "기생충 포스터" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("기생충")).toBeTruthy();
  });

  it("Avatar: a square of its size, the generated avatar on error, then the initial", () => {
    render(<Avatar src="/media/avatars/7-0123456789abcdef.webp" name="minji" size={88} artId={7} />);
    const img = screen.getByRole("img", { name: "minji의 프로필 사진" });
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["88", "88"]);
    fireEvent.error(img);
    expect(screen.getByRole("img", { name: "minji의 프로필 사진" }).getAttribute("src")).toBe("/media/avatar/7.svg");
    fireEvent.error(screen.getByRole("img", { name: "minji의 프로필 사진" }));
    expect(screen.getByRole("img", { name: "minji의 프로필 사진" }).textContent).toBe("M");
  });
});
