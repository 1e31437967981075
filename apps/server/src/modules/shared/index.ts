// What other modules use of shared.
export { blocksAnyone, hasBlocked } from "./blocks.js";
export { notBlockedBy } from "./blocks-repository.js";
export { likedSet, markedSet, toggleLike, toggleLikeCounted } from "./likes.js";
