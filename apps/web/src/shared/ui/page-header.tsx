// The sticky top bar of a page: back button, title (the page's h1), optional actions on the right.
import { ChevronLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../hooks/use-document-title";
import { useGoBack } from "../hooks/use-go-back";
import { HeaderExtra } from "./header-extra";
import { IconButton } from "./icon-button";
import { UI } from "./strings";

export interface PageHeaderProps {
  title: string;
  /** Show the back button (default true). */
  back?: boolean;
  /** Where back goes when there is no history entry to return to (default "/"). */
  backFallback?: string;
  /** Buttons on the right (IconButtons). */
  actions?: ReactNode;
}

export function PageHeader({ title, back = true, backFallback = "/", actions }: PageHeaderProps) {
  useDocumentTitle(title);
  const goBack = useGoBack(backFallback);
  return (
    <header className="sticky top-0 z-30 flex lg:top-16 h-13 items-center gap-1 border-b border-gray-100 bg-white/95 px-1.5 backdrop-blur">
      <div className="flex w-10 shrink-0 justify-start">
        {back ? (
          <IconButton label={UI.back} onClick={goBack}>
            <ChevronLeft aria-hidden size={24} />
          </IconButton>
        ) : null}
      </div>
      <h1 className="min-w-0 flex-1 truncate text-center text-[17px] font-bold text-gray-900">{title}</h1>
      <div className="flex min-w-10 shrink-0 items-center justify-end">
        {actions}
        <HeaderExtra />
      </div>
    </header>
  );
}
