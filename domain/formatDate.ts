/**
 * The one way every screen shows a date or a time: in the reader's own locale (the browser's language;
 * "31 Oct 2026" in Britain, "Oct 31, 2026" in the United States, like the browser's own date fields), in the
 * reader's time zone unless one is given. An unreadable value is shown as it came.
 */
export type DateStyle =
  /** 31 Oct 2026 */
  | 'date'
  /** 31 Oct 2026, 14:05 */
  | 'dateTime'
  /** 31 Oct 2026, 14:05:09: when the second matters (consent proof) */
  | 'dateTimeSeconds'
  /** 14:05 */
  | 'time'
  /** 31 Oct: chart axes, dates of this year */
  | 'dayMonth'
  /** Oct: a chart axis of months in one year */
  | 'month'
  /** Oct 2026: a chart axis of months across years */
  | 'monthYear'
  /** 2026: a chart axis of years */
  | 'year'
  /** 31 Oct, 14:05 */
  | 'dayMonthTime'
  /** Sat, 31 Oct 2026, 14:05: a moment planned ahead */
  | 'weekdayDateTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  time: { timeStyle: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
  dayMonthTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  // Its weekday is put before the 'dateTime' text (a weekday cannot be asked for beside dateStyle).
  weekdayDateTime: { weekday: 'short' },
};

/** The locale dates are written in: undefined is the reader's (the browser's language). */
let dateLocale: string | undefined;
const formats = new Map<string, Intl.DateTimeFormat>();

/** Writes dates in another locale from now on (tests; undefined: back to the reader's). */
export function setDateLocale(locale: string | undefined): void {
  dateLocale = locale;
  formats.clear();
}

function formatFor(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, { ...OPTIONS[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

export function formatDate(
  value: string | number | Date,
  style: DateStyle = 'date',
  timeZone?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  try {
    return formatIn(date, style, timeZone);
  } catch {
    // A time zone the browser does not know: the reader's own.
    return formatIn(date, style, undefined);
  }
}

function formatIn(date: Date, style: DateStyle, timeZone: string | undefined): string {
  const text = formatFor(style, timeZone).format(date);
  return style === 'weekdayDateTime' ? `${text}, ${formatFor('dateTime', timeZone).format(date)}` : text;
}
