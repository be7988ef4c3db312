/** An optional ISO-8601 string from a request as a Date; absent, null or empty is undefined. */
export const toDate = (value: string | null | undefined): Date | undefined => (value ? new Date(value) : undefined);
