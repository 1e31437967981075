// Body of the routes SPEC §2 lists as placeholders (/monthly/:date, /rating, /news): they stay placeholders and say so.
import { Info } from "lucide-react";
import { LinkButton } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { PageHeader } from "../../../shared/ui/page-header";
import { EXTRAS } from "../strings";

export function NotOffered({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={<Info aria-hidden size={40} />} message={EXTRAS.notOffered}>
        <p className="text-sm text-gray-500">{EXTRAS.notOfferedHint}</p>
        <LinkButton to="/" variant="secondary" size="sm">
          {EXTRAS.goHome}
        </LinkButton>
      </EmptyState>
    </>
  );
}
