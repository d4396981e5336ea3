import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates and numbers in the console's language, not the browser's: a French page shows 21/11/2026,
 * an Arabic one Arabic month names. Every table and screen formats through these.
 */
export function formatDate(value: string | number | Date, lng: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lng, options).format(date);
}

export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(lng, options).format(value);
}

export function useFormatters() {
  const { i18n } = useTranslation();
  const lng = i18n.language ?? 'en';
  return useMemo(
    () => ({
      date: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => formatDate(value, lng, options),
      dateTime: (value: string | number | Date) => formatDate(value, lng, { dateStyle: 'medium', timeStyle: 'short' }),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lng, options),
    }),
    [lng],
  );
}
