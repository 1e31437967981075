// Reading import files into records that remember their line, so every error can name where the bad input is.
// JSON: an array of movies and/or people, or {"people": [...], "movies": [...]}. CSV: a header row, then one record
// per row (RFC 4180 quoting; a header with `title` means movies, with `name` people).
import path from "node:path";

export interface SourceRecord {
  value: unknown;
  /** 1-based line where the record starts. */
  line: number;
}

export interface ParsedCatalogFile {
  movies: SourceRecord[];
  people: SourceRecord[];
}

export class ImportError extends Error {}

/** Start lines of the elements of the top-level array ("$") and of arrays under top-level keys ("$.movies"). */
export function jsonElementLines(text: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  type Frame = { array: boolean; path: string; expectValue: boolean; key: string | null; keyNext: boolean };
  const stack: Frame[] = [];
  let line = 1;
  let rootDone = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") line++;
    if (/\s/.test(ch)) continue;
    const top = stack[stack.length - 1];
    if (top?.array && top.expectValue && ch !== "]") {
      const lines = found.get(top.path);
      if (lines) lines.push(line);
      else found.set(top.path, [line]);
      top.expectValue = false;
    }
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (top && !top.array && top.keyNext) top.key = JSON.parse(text.slice(i, j + 1)) as string;
      i = j;
      continue;
    }
    if (ch === "[" || ch === "{") {
      const childPath = !top ? "$" : top.array ? `${top.path}[]` : `${top.path}.${top.key ?? ""}`;
      if (!top && rootDone) break;
      stack.push({ array: ch === "[", path: childPath, expectValue: ch === "[", key: null, keyNext: ch === "{" });
    } else if (ch === "]" || ch === "}") {
      stack.pop();
      if (stack.length === 0) rootDone = true;
    } else if (ch === ",") {
      if (top?.array) top.expectValue = true;
      else if (top) top.keyNext = true;
    } else if (ch === ":" && top) {
      top.keyNext = false;
    }
  }
  return found;
}

function classify(records: SourceRecord[], into: ParsedCatalogFile, file: string): void {
  records.forEach((record, index) => {
    const value = record.value as Record<string, unknown> | null;
    if (value && typeof value === "object" && !Array.isArray(value) && "title" in value) into.movies.push(record);
    else if (value && typeof value === "object" && !Array.isArray(value) && "name" in value) into.people.push(record);
    else {
      throw new ImportError(
        `${file} line ${record.line}: record ${index + 1} is neither a movie (with "title") nor a person (with "name")`,
      );
    }
  });
}

function parseJson(file: string, text: string): ParsedCatalogFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const lines = jsonElementLines(text);
  const at = (key: string, list: unknown[]) => list.map((value, i) => ({ value, line: lines.get(key)?.[i] ?? 1 }));
  const parsed: ParsedCatalogFile = { movies: [], people: [] };
  if (Array.isArray(data)) {
    classify(at("$", data), parsed, file);
    return parsed;
  }
  if (data && typeof data === "object") {
    const object = data as Record<string, unknown>;
    for (const key of ["people", "movies"] as const) {
      const list = object[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) throw new ImportError(`${file}: "${key}" must be an array`);
      parsed[key].push(...at(`$.${key}`, list));
    }
    if (parsed.movies.length + parsed.people.length > 0 || "movies" in object || "people" in object) return parsed;
  }
  throw new ImportError(`${file}: expected an array of records or an object with "movies" and/or "people"`);
}

/** RFC 4180 rows with the line each starts on; quoted fields may hold commas, quotes ("") and newlines. */
export function parseCsvRows(text: string): Array<{ cells: string[]; line: number }> {
  const rows: Array<{ cells: string[]; line: number }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const source = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") rows.push({ cells, line: start });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\n") line++;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (source[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell === "") {
      quoted = true;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") continue;
      endRow();
      start = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new ImportError(`line ${start}: unterminated quoted field`);
  if (cell !== "" || cells.length) endRow();
  return rows;
}

const list = (cell: string | undefined, sep: string) =>
  (cell ?? "")
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);
const orNull = (cell: string | undefined) => (cell === undefined || cell.trim() === "" ? null : cell);
const number = (cell: string | undefined) => {
  if (cell === undefined || cell.trim() === "") return null;
  return /^[0-9]+$/.test(cell.trim()) ? Number(cell.trim()) : cell;
};

function csvMovie(get: (column: string) => string | undefined): Record<string, unknown> {
  return {
    key: get("key"),
    title: get("title"),
    original_title: get("original_title") ?? "",
    english_title: orNull(get("english_title")),
    year: number(get("year")),
    running_time: number(get("running_time")),
    grade: orNull(get("grade")),
    genres: list(get("genres"), "|"),
    countries: list(get("countries"), "|"),
    synopsis: get("synopsis") ?? "",
    ...(get("poster_url") !== undefined ? { poster_url: orNull(get("poster_url")) } : {}),
    ...(get("backdrop_url") !== undefined ? { backdrop_url: orNull(get("backdrop_url")) } : {}),
    // `person-key:kind[:character]` separated by ";" (a character may itself contain ":").
    credits: list(get("credits"), ";").map((entry) => {
      const [person, kind, ...rest] = entry.split(":");
      return { person: person?.trim(), kind: kind?.trim(), character: rest.length ? rest.join(":").trim() : null };
    }),
  };
}

function csvPerson(get: (column: string) => string | undefined): Record<string, unknown> {
  return {
    key: get("key"),
    name: get("name"),
    original_name: orNull(get("original_name")),
    ...(get("biography") !== undefined ? { biography: orNull(get("biography")) } : {}),
    ...(get("profile_url") !== undefined ? { profile_url: orNull(get("profile_url")) } : {}),
  };
}

function parseCsv(file: string, text: string): ParsedCatalogFile {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) throw new ImportError(`${file}: empty file`);
  const columns = header.cells.map((c) => c.trim());
  const isMovies = columns.includes("title");
  if (!isMovies && !columns.includes("name")) {
    throw new ImportError(`${file} line ${header.line}: the header needs a "title" (movies) or "name" (people) column`);
  }
  const records = rows.map(({ cells, line }) => {
    if (cells.length !== columns.length) {
      throw new ImportError(`${file} line ${line}: expected ${columns.length} columns, found ${cells.length}`);
    }
    const get = (column: string) => {
      const index = columns.indexOf(column);
      return index < 0 ? undefined : cells[index];
    };
    return { value: isMovies ? csvMovie(get) : csvPerson(get), line };
  });
  return isMovies ? { movies: records, people: [] } : { movies: [], people: records };
}

export function parseCatalogFile(fileName: string, text: string): ParsedCatalogFile {
  const name = path.basename(fileName);
  if (/\.json$/i.test(fileName)) return parseJson(name, text);
  if (/\.csv$/i.test(fileName)) return parseCsv(name, text);
  throw new ImportError(`${name}: the file must end in .json or .csv`);
}
