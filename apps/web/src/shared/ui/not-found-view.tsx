// "Not found" for an address that names nothing (an unknown route, or a movie, person, member, comment or collection
// the server answers 404 for): says so and offers the way home, with no retry (retrying cannot help).
import { MSG } from "@moviepedia/contract";
import { SearchX } from "lucide-react";
import { LinkButton } from "./button";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";
import { UI } from "./strings";

export interface NotFoundViewProps {
  /** The page header's title (default "페이지 없음"); null when the page draws its own header. */
  title?: string | null;
  /** What is missing, e.g. "영화를 찾을 수 없습니다." */
  message?: string;
}

export function NotFoundView({ title = UI.notFoundTitle, message = MSG.notFound }: NotFoundViewProps) {
  return (
    <>
      {title !== null ? <PageHeader title={title} /> : null}
      <div data-testid="not-found">
        <EmptyState icon={<SearchX aria-hidden size={40} />} message={message}>
          <p className="text-sm text-gray-500">{UI.notFoundBody}</p>
          <LinkButton to="/" variant="secondary" size="sm">
            {UI.goHome}
          </LinkButton>
        </EmptyState>
      </div>
    </>
  );
}
