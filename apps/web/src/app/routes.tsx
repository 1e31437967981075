// Every route of SPEC §2. Each page is its own lazily loaded chunk (the feature index hands out loaders), so the
// first load carries only the shell. With the app's query client, the home, movie and search pages also start their
// data in a route loader, so the request runs while the page's code downloads instead of after it.
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { aboutPages } from "../features/about/routes";
import { analysisPages } from "../features/analysis/routes";
import { authPages } from "../features/auth/routes";
import { collectionsPages } from "../features/collections/routes";
import { communityPages } from "../features/community/routes";
import { extrasPages } from "../features/extras/routes";
import { homeData, homePages } from "../features/home/routes";
import { moviesData, moviesPages } from "../features/movies/routes";
import { peoplePages } from "../features/people/routes";
import { profilePages } from "../features/profile/routes";
import { ratingPages } from "../features/rating/routes";
import { recommendPages } from "../features/recommend/routes";
import { reviewsPages } from "../features/reviews/routes";
import { searchData, searchPages } from "../features/search/routes";
import { settingsPages } from "../features/settings/routes";
import { parseNumericParam } from "../shared/hooks";
import { Loading } from "../shared/ui/loading";
import { AppLayout, type LayoutHandle } from "./layout/app-layout";
import { NotFoundPage } from "./not-found-page";
import { RouteError } from "./route-error";

type PageModule = { default: ComponentType };

/** Pages that use the full desktop width (posters, two columns); the others keep a reading column. */
const WIDE: LayoutHandle = { wide: true };

/** Route-level code splitting: the page module's default export becomes the route's component. */
function page(load: () => Promise<PageModule>): NonNullable<RouteObject["lazy"]> {
  return async () => ({ Component: (await load()).default });
}

type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => void;

/** A loader that starts the page's queries without waiting for them (the page shows its own loading state). */
function prefetching(client: QueryClient | undefined, prefetch: Prefetch): Pick<RouteObject, "loader"> {
  if (!client) return {};
  return {
    loader: (args) => {
      prefetch(client, args);
      return null;
    },
  };
}

const pages = (client?: QueryClient): RouteObject[] => [
  { handle: WIDE, index: true, lazy: page(homePages.home), ...prefetching(client, (c) => homeData.home(c)) },
  { handle: WIDE, path: "movies", lazy: page(moviesPages.charts) },
  {
    handle: WIDE,
    path: "movies/:movieId",
    lazy: page(moviesPages.movie),
    ...prefetching(client, (c, { params }) => {
      const movieId = parseNumericParam(params.movieId);
      if (movieId !== null) moviesData.movie(c, movieId);
    }),
  },
  { path: "movies/:movieId/comments", lazy: page(reviewsPages.movieComments) },
  { path: "comments/:movieId/:commentId", lazy: page(reviewsPages.comment) },
  { handle: WIDE, path: "people/:peopleId", lazy: page(peoplePages.person) },
  { path: "login", lazy: page(authPages.login) },
  { path: "signup", lazy: page(authPages.signup) },
  { path: "oauth/:provider", lazy: page(authPages.oauthCallback) },
  { path: "profile/:userId", lazy: page(profilePages.profile) },
  { path: "profile/:userId/collections", lazy: page(collectionsPages.userCollections) },
  { path: "profile/:userId/collections/new", lazy: page(collectionsPages.newCollection) },
  { path: "profile/:userId/reviews", lazy: page(profilePages.reviews) },
  { path: "profile/:userId/followers", lazy: page(profilePages.followers) },
  { path: "profile/:userId/followings", lazy: page(profilePages.followings) },
  { path: "profile/:userId/likes", lazy: page(profilePages.likes) },
  { path: "mypage/settings", lazy: page(settingsPages.settings) },
  { path: "mypage/settings/block", lazy: page(settingsPages.blocked) },
  { path: "monthly/:date", lazy: page(extrasPages.monthly) },
  { path: "rating", lazy: page(ratingPages.rating) },
  { path: "news", lazy: page(extrasPages.news) },
  { path: "feed", lazy: page(communityPages.feed) },
  { path: "notifications", lazy: page(communityPages.notifications) },
  {
    path: "search",
    lazy: page(searchPages.search),
    ...prefetching(client, (c, { request }) => searchData.search(c, new URL(request.url).searchParams)),
  },
  { handle: WIDE, path: "collections/:collectionId", lazy: page(collectionsPages.collection) },
  { path: "collections/:collectionId/edit", lazy: page(collectionsPages.edit) },
  { path: "recommend", lazy: page(recommendPages.recommend) },
  { path: "analysis", lazy: page(analysisPages.analysis) },
  { path: "about", lazy: page(aboutPages.about) },
  { path: "*", Component: NotFoundPage },
];

function BootLoading() {
  return <Loading className="min-h-dvh" />;
}

/** The route tree; given the app's query client, the loaders start page data with it. */
export function createRoutes(client?: QueryClient): RouteObject[] {
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: BootLoading,
      // A page that fails keeps the frame (navigation stays usable); only a broken frame loses it.
      children: [{ ErrorBoundary: RouteError, children: pages(client) }],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();
