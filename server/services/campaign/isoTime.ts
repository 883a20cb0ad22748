export const isoTime = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();
