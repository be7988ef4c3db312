import { MATCH_FIELDS } from '../../automation-types';
import { SelectField } from './shared';

/** The match rule forwarders and repliers share: a field of the received mail and a `*` pattern. */
export function MatchFields({ field, setField, match, setMatch }: {
  field: string; setField: (f: string) => void; match: string; setMatch: (m: string) => void;
}) {
  return (
    <>
      <SelectField label="Match field" value={field} onChange={setField}>
        {MATCH_FIELDS.map((f) => <option key={f} value={f}>{f}</option>)}
      </SelectField>
      <label>Match pattern<input required value={match} onInput={(e) => setMatch(e.currentTarget.value)} placeholder="*@example.com" /></label>
    </>
  );
}
