// preloadImage: a page's largest picture starts loading from the route's data, as the same file the <img> will pick.
import { afterEach, describe, expect, it } from "vitest";
import { preloadImage } from "./image-sources";

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];

describe("preloadImage", () => {
  afterEach(() => {
    for (const link of links()) link.dispatchEvent(new Event("load"));
  });

  it("asks for a cached TMDB poster with the srcset and sizes the <img> will have", () => {
    preloadImage("/media/cache/w500/kqjL17yufvn9OVLyXYpvtyrFfak.webp", "poster", "112px", "high");
    const [link] = links();
    expect(link!.getAttribute("href")).toBe("/media/cache/w500/kqjL17yufvn9OVLyXYpvtyrFfak.webp");
    expect(link!.getAttribute("imagesrcset")).toContain("/media/cache/w185/kqjL17yufvn9OVLyXYpvtyrFfak.webp 185w");
    expect(link!.getAttribute("imagesizes")).toBe("112px");
    expect(link!.getAttribute("fetchpriority")).toBe("high");
  });

  it("asks for generated art as one file, once while it loads, and removes the link when it has arrived", () => {
    preloadImage("/media/backdrop/416.svg?v=bc17207c", "backdrop", "100vw");
    preloadImage("/media/backdrop/416.svg?v=bc17207c", "backdrop", "100vw");
    expect(links()).toHaveLength(1);
    const [link] = links();
    expect(link!.hasAttribute("imagesrcset")).toBe(false);
    expect(link!.getAttribute("fetchpriority")).toBe("auto");
    link!.dispatchEvent(new Event("load"));
    expect(links()).toHaveLength(0);
    preloadImage("/media/backdrop/416.svg?v=bc17207c", "backdrop", "100vw");
    expect(links()).toHaveLength(1);
  });

  it("ignores an empty address", () => {
    preloadImage("", "poster", "112px");
    expect(links()).toHaveLength(0);
  });
});
