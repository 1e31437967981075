import { MSG } from "@moviepedia/contract";

export function Spinner({ size = 20, className = "" }: { size?: number; className?: string }) {
  return (
    <svg
      aria-hidden
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={`animate-spin text-accent motion-reduce:animate-none ${className}`}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** "불러오는 중…" with a spinner, announced politely to screen readers. */
export function Loading({ label = MSG.loading, className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2 py-10 text-sm text-gray-500 ${className}`}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
