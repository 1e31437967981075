// What other modules use of rating.
export type { RatingService } from "./service.js";
