import { MSG } from "@moviepedia/contract";
import { Info } from "lucide-react";

/** SPEC §1: the login screen tips that accounts are shared with an affiliated service. */
export function AffiliatedTip() {
  return (
    <p className="flex gap-2 rounded-lg bg-gray-50 p-3 text-[13px] leading-relaxed text-gray-600">
      <Info aria-hidden size={16} className="mt-0.5 shrink-0 text-gray-500" />
      <span>{MSG.affiliatedTip}</span>
    </p>
  );
}
