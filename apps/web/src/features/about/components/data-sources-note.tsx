// The line under the charts naming where their data comes from, with the way to the about page.
import { Link } from "react-router";
import { ABOUT } from "../strings";

export function DataSourcesNote({ className = "" }: { className?: string }) {
  return (
    <p className={`px-4 py-3 text-xs text-gray-500 ${className}`}>
      {ABOUT.chartsNote} ·{" "}
      <Link to="/about" className="underline underline-offset-2 hover:text-gray-700">
        {ABOUT.chartsNoteLink}
      </Link>
    </p>
  );
}
