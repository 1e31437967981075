export { useDocumentTitle } from "./use-document-title";
export { useGoBack } from "./use-go-back";
export { dedupeById, useInfiniteWindow, type InfiniteWindow, type InfiniteWindowOptions } from "./use-infinite-window";
export { parseNumericParam, useNumericParam } from "./use-numeric-param";
export { DESKTOP_QUERY, useIsDesktop, useMediaQuery } from "./use-media-query";
