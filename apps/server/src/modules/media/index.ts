// What other modules use of the media module: the drawings and what they are drawn from.
export { backdropSvg, type PosterArt, posterSvg } from "./art.js";
export { posterArt } from "./repository.js";
export { cleanText, escapeXml, fitText } from "./text-layout.js";
