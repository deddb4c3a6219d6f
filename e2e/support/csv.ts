import { parseCsv as parseRecords } from '../../apps/api/src/modules/committee/csv.ts';

/**
 * The records of a CSV export the journeys download, as lists of fields, read by the API's own RFC 4180 reader (the
 * one the committee's bulk invitations use; it drops the byte order mark the exports start with).
 */
export function parseCsv(text: string): string[][] {
  return parseRecords(text).map((record) => record.fields);
}
