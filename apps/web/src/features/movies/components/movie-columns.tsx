// The movie page under its hero: one column on phones; from 1024 px the member's panel, synopsis and cast on the left
// and the comments beside them on the right.
import type { ReactNode } from "react";

export function MovieColumns({ main, aside }: { main: ReactNode; aside: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-10 lg:px-4 lg:pt-4">
      <div className="min-w-0">{main}</div>
      <aside className="border-t-8 border-gray-50 lg:sticky lg:top-20 lg:rounded-xl lg:border lg:border-gray-200">
        {aside}
      </aside>
    </div>
  );
}
