/** Small types the storage ports share. */

export interface Slice<T> {
  items: T[];
  total: number;
}

/** A parsed mailbox of an address header, as the client's Sender and Recipient. */
export interface MailAddress {
  rawValue: string;
  emailAddress: string;
  name: string | null;
}
