import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

/**
 * The official twilio client with only its base URL changed: a RequestClient that rewrites
 * https://api.twilio.com (every URL the client builds for the Messages resource) to `baseUrl`.
 * The same recipe the README gives apps.
 */
export function twilioClient(baseUrl: string, accountSid: string, apiKey: string): twilio.Twilio {
  class PigeonholeRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, baseUrl) });
    }
  }
  return twilio(accountSid, apiKey, { httpClient: new PigeonholeRequestClient() });
}
