// What other modules use of media: uploaded avatars (encoding, storage) for the users module; the drawings and what
// they are drawn from, and the image cache's TMDB images, for link previews.
export { AvatarStore, encodeAvatar, invalidImage } from "./avatars.js";
export { backdropSvg, type PosterArt, posterSvg } from "./art.js";
export type { ImageCache } from "./image-cache.js";
export { posterArt } from "./repository.js";
export { cleanText, escapeXml, fitText } from "./text-layout.js";
