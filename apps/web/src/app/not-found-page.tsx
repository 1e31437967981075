import { MSG } from "@moviepedia/contract";
import { SearchX } from "lucide-react";
import { LinkButton } from "../shared/ui/button";
import { EmptyState } from "../shared/ui/empty-state";
import { PageHeader } from "../shared/ui/page-header";
import { SHELL } from "./strings";

export function NotFoundPage() {
  return (
    <>
      <PageHeader title={SHELL.notFoundTitle} />
      <EmptyState icon={<SearchX aria-hidden size={40} />} message={MSG.notFound}>
        <p className="text-sm text-gray-500">{SHELL.notFoundBody}</p>
        <LinkButton to="/" variant="secondary" size="sm">
          {SHELL.goHome}
        </LinkButton>
      </EmptyState>
    </>
  );
}
