// What other modules use of shared.
export { blocksAnyone, hasBlocked, notBlockedBy } from "./blocks.js";
export { addLike, likedSet, markedSet, toggleLike, toggleLikeCounted } from "./likes.js";
