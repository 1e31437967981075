// What other modules use of the recommender: the served model's movie factors (similar films) and the service type.
export { modelRow, type ServedModel } from "./model.js";
export type { RecommendService } from "./service.js";
export { TopK } from "./top-k.js";
