// Temporary body for a route whose feature is still being built: its header and a Korean "준비 중" notice.
import { MSG } from "@moviepedia/contract";
import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";

export function PreparingPage({ title, back = true, actions }: { title: string; back?: boolean; actions?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} back={back} actions={actions} />
      <EmptyState icon={<Construction aria-hidden size={40} />} message={MSG.placeholder} />
    </>
  );
}
