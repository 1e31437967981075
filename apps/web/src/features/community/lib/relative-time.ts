// "3분 전" for recent activity, the Korea-time date after a week (API.md §1.4 timestamps).
import { formatKstDate, parseApiTime } from "../../../shared/lib/time";
import { COMMUNITY } from "../strings";

export function relativeTime(value: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - parseApiTime(value).getTime()) / 1000);
  if (seconds < 60) return COMMUNITY.justNow;
  if (seconds < 3600) return COMMUNITY.minutesAgo(Math.floor(seconds / 60));
  if (seconds < 86_400) return COMMUNITY.hoursAgo(Math.floor(seconds / 3600));
  if (seconds < 7 * 86_400) return COMMUNITY.daysAgo(Math.floor(seconds / 86_400));
  return formatKstDate(value);
}
