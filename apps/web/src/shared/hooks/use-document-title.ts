import { useEffect } from "react";

/** Sets the tab title to "<title> | 무비피디아" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | 무비피디아` : "무비피디아";
  }, [title]);
}
