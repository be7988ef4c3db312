import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_emails.js';
import * as m0003 from './0003_sent_emails.js';
import * as m0004 from './0004_expiry.js';
import * as m0005 from './0005_smtp_credentials.js';
import * as m0006 from './0006_attachments.js';
import * as m0007 from './0007_missed_emails.js';
import * as m0008 from './0008_bounces.js';
import * as m0009 from './0009_threads.js';
import * as m0010 from './0010_sent_attachments.js';
import * as m0011 from './0011_webhooks.js';
import * as m0012 from './0012_imap.js';
import * as m0013 from './0013_tracking_pixels.js';
import * as m0014 from './0014_send_queue.js';
import * as m0015 from './0015_inbox_listing_index.js';
import * as m0016 from './0016_domain_events.js';
import * as m0017 from './0017_server_secrets.js';
import * as m0018 from './0018_thread_tenant_index.js';
import * as m0019 from './0019_retry_dedupe_index.js';
import * as m0020 from './0020_templates.js';
import * as m0021 from './0021_contacts.js';
import * as m0022 from './0022_automation_jobs.js';
import * as m0023 from './0023_rulesets.js';
import * as m0024 from './0024_forwarders_repliers.js';
import * as m0025 from './0025_aliases.js';
import * as m0026 from './0026_consent.js';
import * as m0027 from './0027_plus_addresses.js';
import * as m0028 from './0028_phone_numbers.js';
import * as m0029 from './0029_sms_messages.js';
import * as m0030 from './0030_totp_devices.js';
import * as m0031 from './0031_sent_sms.js';
import * as m0032 from './0032_phone_pools.js';
import * as m0033 from './0033_phone_inventory.js';
import * as m0034 from './0034_sms_sink.js';
import * as m0035 from './0035_sms_media.js';
import * as m0036 from './0036_sms_pipeline.js';
import * as m0037 from './0037_sms_relay.js';
import * as m0038 from './0038_organizations.js';
import * as m0041 from './0041_custom_domains.js';
import * as m0039 from './0039_scim.js';
import * as m0043 from './0043_portals_warmup_seats.js';
import * as m0042 from './0042_user_rest.js';
import * as m0040 from './0040_key_scopes_audit.js';
import * as m0045 from './0045_mail_auth.js';
import * as m0044 from './0044_domain_monitors.js';
import * as m0048 from './0048_inbox_chaos.js';
import * as m0047 from './0047_email_retention.js';
import * as m0049 from './0049_email_search.js';
import * as m0050 from './0050_email_search_fields.js';
import * as m0051 from './0051_email_search_inline.js';
import * as m0055 from './0055_spam_scores.js';
import * as m0054 from './0054_email_audits.js';
import * as m0056 from './0056_complaints_unsubscribes.js';
import * as m0052 from './0052_email_validation_requests.js';
import * as m0057 from './0057_device_previews.js';
import * as m0060 from './0060_inbox_placement_tests.js';
import * as m0061 from './0061_device_render_tests.js';
import * as m0062 from './0062_campaign_probes.js';
import * as m0063 from './0063_deliverability_tests.js';
import * as m0064 from './0064_device_preview_ingest.js';
import * as m0065 from './0065_email_keys_inline.js';
import * as m0066 from './0066_job_lease_index.js';

/** Ordered migrations, imported statically so the compiled package needs no file scanning. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_emails': m0002,
  '0003_sent_emails': m0003,
  '0004_expiry': m0004,
  '0005_smtp_credentials': m0005,
  '0006_attachments': m0006,
  '0007_missed_emails': m0007,
  '0008_bounces': m0008,
  '0009_threads': m0009,
  '0010_sent_attachments': m0010,
  '0011_webhooks': m0011,
  '0012_imap': m0012,
  '0013_tracking_pixels': m0013,
  '0014_send_queue': m0014,
  '0015_inbox_listing_index': m0015,
  '0016_domain_events': m0016,
  '0017_server_secrets': m0017,
  '0018_thread_tenant_index': m0018,
  '0019_retry_dedupe_index': m0019,
  '0020_templates': m0020,
  '0021_contacts': m0021,
  '0022_automation_jobs': m0022,
  '0023_rulesets': m0023,
  '0024_forwarders_repliers': m0024,
  '0025_aliases': m0025,
  '0026_consent': m0026,
  '0027_plus_addresses': m0027,
  '0028_phone_numbers': m0028,
  '0029_sms_messages': m0029,
  '0030_totp_devices': m0030,
  '0031_sent_sms': m0031,
  '0032_phone_pools': m0032,
  '0033_phone_inventory': m0033,
  '0034_sms_sink': m0034,
  '0035_sms_media': m0035,
  '0036_sms_pipeline': m0036,
  '0037_sms_relay': m0037,
  '0038_organizations': m0038,
  '0041_custom_domains': m0041,
  '0039_scim': m0039,
  '0043_portals_warmup_seats': m0043,
  '0042_user_rest': m0042,
  '0040_key_scopes_audit': m0040,
  '0045_mail_auth': m0045,
  '0044_domain_monitors': m0044,
  '0048_inbox_chaos': m0048,
  '0047_email_retention': m0047,
  '0049_email_search': m0049,
  '0050_email_search_fields': m0050,
  '0051_email_search_inline': m0051,
  '0055_spam_scores': m0055,
  '0054_email_audits': m0054,
  '0056_complaints_unsubscribes': m0056,
  '0052_email_validation_requests': m0052,
  '0057_device_previews': m0057,
  '0060_inbox_placement_tests': m0060,
  '0061_device_render_tests': m0061,
  '0062_campaign_probes': m0062,
  '0063_deliverability_tests': m0063,
  '0064_device_preview_ingest': m0064,
  '0065_email_keys_inline': m0065,
  '0066_job_lease_index': m0066,
};
