// Korea-time display of the API's naive UTC timestamps (API.md §1.4): parse as UTC, show Asia/Seoul. The one date
// format of the app is "2026년 9월 30일"; where the hour matters (replies, collection comments) it is followed by the
// 24-hour time: "2026년 9월 30일 15:04".

const dateOnly = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
});
const timeOnly = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Seoul",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function parseApiTime(value: string): Date {
  return new Date(`${value}Z`);
}

/** e.g. "2025년 2월 1일" — the Korea-time date. */
export function formatKstDate(value: string): string {
  return dateOnly.format(parseApiTime(value));
}

/** e.g. "2025년 2월 1일 12:04" — the Korea-time date and 24-hour time. */
export function formatKstDateTime(value: string): string {
  const date = parseApiTime(value);
  return `${dateOnly.format(date)} ${timeOnly.format(date)}`;
}
