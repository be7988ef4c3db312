/** A header's single value (the first when repeated). */
export const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** JSON with base64 grows a file by 4/3; this leaves room for that and the other fields. */
export const jsonBodyLimit = (maxSize: number): number => Math.ceil(maxSize / 3) * 4 + 1024 * 1024;
