// Routes SPEC §2 keeps as placeholders, loaded lazily by the router.
export const extrasPages = {
  monthly: () => import("./pages/monthly-page"),
  rating: () => import("./pages/rating-page"),
  news: () => import("./pages/news-page"),
};
