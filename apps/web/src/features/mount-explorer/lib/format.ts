/** The explorer writes dates as the whole app does (lib/date-time.ts): '' for none. */
export { formatDateTime as formatModified } from '@/lib/date-time';
