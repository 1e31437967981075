// Timestamps: UTC `YYYY-MM-DDTHH:MM:SS` (API.md §1.4), produced from an injectable clock so tests can move time.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function toTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export function fromTimestamp(value: string): Date {
  return new Date(`${value}Z`);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
