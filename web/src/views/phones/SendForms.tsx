import { useState } from 'preact/hooks';
import { api } from '../../api';
import { FormError, useFormAction } from '../automations/shared';

/** testPhoneNumberSendSms: the carrier delivers a message to the number (from its fixed test sender). */
export function TestSmsForm({ phoneId, onDone }: { phoneId: string; onDone: () => void }) {
  const [message, setMessage] = useState('Your code is 123456');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    // The SMS itself shows up through sms.received on /events, like any other.
    void action.run(async () => {
      await api.post(`/phone/numbers/${phoneId}/test`, { message });
      onDone();
    }, 'Test SMS delivered');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="Send a test SMS" aria-describedby="test-sms-error">
      <label class="wide">Test message
        <textarea required rows={2} maxLength={10_000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
      </label>
      <FormError id="test-sms-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Deliver test SMS</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

/** sendSmsFromPhoneNumber to any number: delivered when the carrier holds it, recorded as sent otherwise. */
export function SendSmsForm({ phoneId, onSent, onCancel }: { phoneId: string; onSent: (to: string) => void; onCancel: () => void }) {
  const [to, setTo] = useState('');
  const [body, setBody] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const sent = await api.post<{ toNumber: string }>(`/phone/numbers/${phoneId}/sms`, { to: to.trim(), body });
      onSent(sent.toNumber);
    }, 'SMS sent');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New SMS" aria-describedby="send-sms-error">
      <label>To<input required value={to} onInput={(e) => setTo(e.currentTarget.value)} placeholder="+447700900123" maxLength={64} autocomplete="off" /></label>
      <label class="wide">Message
        <textarea required rows={3} maxLength={10_000} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
      </label>
      <FormError id="send-sms-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Send SMS</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
