// Routes SPEC §2 keeps as placeholders (평가하기 became a real page: features/rating), loaded lazily by the router.
export const extrasPages = {
  monthly: () => import("./pages/monthly-page"),
  news: () => import("./pages/news-page"),
};
