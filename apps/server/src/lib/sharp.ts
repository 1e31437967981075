// sharp (libvips), loaded on first use rather than at boot: loading it adds ~19 MB to the process, and a server
// without TMDB images, avatar uploads or shared cards never needs it. Its operation cache is off: each image is
// converted once and the result kept by its caller (the image cache's files, the share-card region), so libvips's
// default cache (up to 50 MB, 100 operations) would only hold memory (docs/performance.md, "Memory").
import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
