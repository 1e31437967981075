import { MAX_ID } from "@moviepedia/contract";
import { useParams } from "react-router";

/** A route id as a number, or null when it is not a well-formed id. */
export function parseNumericParam(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]+$/.test(raw)) return null;
  const value = Number(raw);
  return value <= MAX_ID ? value : null;
}

/** A route id as a number, or null when it is not a well-formed id (the page then shows its not-found state). */
export function useNumericParam(name: string): number | null {
  return parseNumericParam(useParams()[name]);
}
