// Settings → 데이터 가져오기 (issue #19): pick a format and a file, send it, follow the job's progress bar, then read
// the report; each rating line that found no film can be searched and rated by hand with the usual stars (the other
// lines of our own export — follows, likes, replies… whose target is not here — are only reported).
import {
  errorMessage,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_REASON_LABELS,
  type ImportFormat,
  type ImportJob,
  type ImportUnmatched,
  isRatingLine,
} from "@moviepedia/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { StarRating } from "../../../shared/ui/star-rating";
import { showToast } from "../../../shared/ui/toast";
import { importQueries, rateMovie, startImport } from "../api/imports-api";
import { DATA } from "../strings";

const FIELD =
  "w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-[15px] text-gray-900 focus-visible:outline-2 focus-visible:outline-accent";

export function DataImport() {
  const [format, setFormat] = useState<ImportFormat>("letterboxd");
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const ids = { format: useId(), file: useId(), heading: useId() };
  const send = useMutation({
    mutationFn: (input: { format: ImportFormat; file: File; overwrite: boolean }) =>
      startImport(input.format, input.file, input.overwrite),
    onSuccess: (accepted) => setJobId(accepted.id),
    onError: (error) => setProblem(isApiError(error) ? errorMessage(error.code) : errorMessage(undefined)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!file) return setProblem(DATA.noFile);
    if (file.size > IMPORT_MAX_BYTES) return setProblem(DATA.tooLarge);
    setJobId(null);
    send.mutate({ format, file, overwrite });
  }

  return (
    <section aria-labelledby={ids.heading} className="border-t-8 border-gray-50 px-4 py-4">
      <h2 id={ids.heading} className="text-base font-bold text-gray-900">
        {DATA.importTitle}
      </h2>
      <p className="pt-1 text-sm text-gray-500">{DATA.importIntro}</p>
      <form
        className="mt-3 grid gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-end"
        onSubmit={submit}
      >
        <div>
          <label htmlFor={ids.format} className="mb-1 block text-sm font-medium text-gray-700">
            {DATA.formatLabel}
          </label>
          <select
            id={ids.format}
            className={FIELD}
            value={format}
            onChange={(e) => setFormat(e.target.value as ImportFormat)}
          >
            {IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {DATA.formats[f]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.file} className="mb-1 block text-sm font-medium text-gray-700">
            {DATA.fileLabel}
          </label>
          <input
            id={ids.file}
            type="file"
            accept={DATA.accept[format]}
            className={`${FIELD} file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-1 file:text-sm`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={send.isPending} className="gap-1.5">
          <Upload aria-hidden size={16} />
          {send.isPending ? DATA.starting : DATA.start}
        </Button>
        <label className="flex items-center gap-2 text-sm text-gray-700 md:col-span-3">
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
          {DATA.overwrite}
        </label>
      </form>
      {problem ? (
        <ErrorText className="pt-2" id={`${ids.heading}-error`}>
          {problem}
        </ErrorText>
      ) : null}
      {jobId !== null ? <ImportProgress id={jobId} /> : null}
    </section>
  );
}

function ImportProgress({ id }: { id: number }) {
  const query = useQuery(importQueries.job(id));
  if (query.isPending) return <Loading className="py-4" />;
  if (query.isError) return <ErrorText className="pt-3">{DATA.failed}</ErrorText>;
  const job = query.data;
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : job.status === "done" ? 100 : 0;
  return (
    <div className="mt-4 space-y-3">
      <div>
        <div
          role="progressbar"
          aria-label={DATA.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p role="status" className="pt-1.5 text-sm text-gray-600">
          {job.status === "queued"
            ? DATA.queued
            : job.status === "running"
              ? DATA.running(job.processed, job.total)
              : job.status === "failed"
                ? DATA.failed
                : DATA.done}
        </p>
      </div>
      {job.status === "done" ? <ImportReport job={job} /> : null}
    </div>
  );
}

function ImportReport({ job }: { job: ImportJob }) {
  return (
    <div>
      <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
        {DATA.summary({ ...job, unmatched: job.unmatched_count })}
      </p>
      {job.unmatched.length > 0 ? (
        <>
          <h3 className="pt-4 text-sm font-bold text-gray-900">{DATA.unmatchedTitle}</h3>
          {job.unmatched_count > job.unmatched.length ? (
            <p className="text-xs text-gray-500">{DATA.unmatchedMore(job.unmatched.length, job.unmatched_count)}</p>
          ) : null}
          <ul className="mt-2 divide-y divide-gray-100 rounded-lg border border-gray-100">
            {job.unmatched.map((line) => (
              <UnmatchedLine key={`${line.file ?? ""}:${line.line}`} line={line} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function UnmatchedLine({ line }: { line: ImportUnmatched }) {
  const [open, setOpen] = useState(false);
  const title = line.title || DATA.untitled;
  return (
    <li className="px-3 py-2.5">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-medium text-gray-900">
            {title}
            {line.year ? <span className="font-normal text-gray-500"> ({line.year})</span> : null}
          </p>
          <p className="text-xs text-gray-500">
            {DATA.line(line.file, line.line)} · {IMPORT_REASON_LABELS[line.reason]}
            {line.rating ? ` · ${DATA.fileRating(line.rating)}` : null}
          </p>
        </div>
        {isRatingLine(line) ? (
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? DATA.closeSearch : DATA.findByHand}
          </Button>
        ) : null}
      </div>
      {open ? <HandMatch line={line} /> : null}
    </li>
  );
}

/** Search the catalogue for one line's film and rate it with the usual stars. */
function HandMatch({ line }: { line: ImportUnmatched }) {
  const [draft, setDraft] = useState(line.title);
  const [q, setQ] = useState(line.title);
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const results = useQuery(importQueries.search(q));
  const rate = useMutation({
    mutationFn: (input: { movieId: number; rating: number }) => rateMovie(input.movieId, input.rating),
    onSuccess: () => showToast(DATA.rated),
    onError: (_error, input) => {
      setRatings((r) => ({ ...r, [input.movieId]: 0 }));
      showToast(DATA.rateFailed, "error");
    },
  });
  return (
    <div className="mt-2 rounded-lg bg-gray-50 p-2">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
        }}
      >
        <input
          type="search"
          aria-label={DATA.searchLabel(line.title || DATA.untitled)}
          placeholder={DATA.searchPlaceholder}
          className={FIELD}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" size="sm" className="shrink-0 whitespace-nowrap">
          {DATA.searchSubmit}
        </Button>
      </form>
      {q.trim() === "" ? null : results.isPending ? (
        <Loading className="py-3" />
      ) : results.isError || results.data.length === 0 ? (
        <p className="px-1 py-2 text-sm text-gray-500">{DATA.searchEmpty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-gray-100">
          {results.data.map((movie) => (
            <li key={movie.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1 py-2">
              <span className="min-w-0 text-sm text-gray-900">
                {movie.title} <span className="text-gray-500">({movie.year})</span>
              </span>
              <StarRating
                size={24}
                label={DATA.rateLabel(movie.title)}
                value={ratings[movie.id] ?? 0}
                onChange={(value) => {
                  setRatings((r) => ({ ...r, [movie.id]: value }));
                  rate.mutate({ movieId: movie.id, rating: value });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
