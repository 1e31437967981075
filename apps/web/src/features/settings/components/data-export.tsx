// Settings → 데이터 내보내기 (issue #19): everything the member wrote or set, as our JSON or as CSV files in a zip.
import type { ExportFormat } from "@moviepedia/contract";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../shared/ui/button";
import { showToast } from "../../../shared/ui/toast";
import { downloadExport } from "../api/imports-api";
import { DATA } from "../strings";

export function DataExport() {
  const heading = useId();
  const download = useMutation({
    mutationFn: downloadExport,
    onSuccess: () => showToast(DATA.exported),
    onError: () => showToast(DATA.exportFailed, "error"),
  });
  const button = (format: ExportFormat, label: string) => (
    <Button
      variant="secondary"
      className="gap-1.5"
      disabled={download.isPending}
      onClick={() => download.mutate(format)}
    >
      <Download aria-hidden size={16} />
      {download.isPending && download.variables === format ? DATA.exporting : label}
    </Button>
  );
  return (
    <section aria-labelledby={heading} className="border-t-8 border-gray-50 px-4 py-4">
      <h2 id={heading} className="text-base font-bold text-gray-900">
        {DATA.exportTitle}
      </h2>
      <p className="pt-1 text-sm text-gray-500">{DATA.exportIntro}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {button("json", DATA.exportJson)}
        {button("csv", DATA.exportCsv)}
      </div>
    </section>
  );
}
