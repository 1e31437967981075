// What other modules use of the recommender: the served model's movie factors (similar films), the service type and
// its training.
export { modelRow, type ServedModel } from "./model.js";
export type { RecommendService } from "./service.js";
export { TopK } from "./top-k.js";
// Training: the leased job the server starts, the run `npm run recommend:train` and the benchmarks start by hand.
export { DEFAULT_ALS_PARAMS } from "./als.js";
export { retrainReason, startRecommenderTrainingJob } from "./training-job.js";
export { trainRecommender } from "./training.js";
