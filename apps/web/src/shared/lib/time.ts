// Korea-time display of the API's naive UTC timestamps (API.md §1.4): parse as UTC, show Asia/Seoul.

const dateTime = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const dateOnly = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
});

export function parseApiTime(value: string): Date {
  return new Date(`${value}Z`);
}

/** e.g. "2025. 02. 01. 12:04" in Korea time. */
export function formatKstDateTime(value: string): string {
  return dateTime.format(parseApiTime(value));
}

/** e.g. "2025년 2월 1일" — the Korea-time date. */
export function formatKstDate(value: string): string {
  return dateOnly.format(parseApiTime(value));
}
