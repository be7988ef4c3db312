import type { FunctionComponent } from 'preact';
import { href } from '../../router';
import { AliasesTab } from './AliasesTab';
import { ConsentTab } from './ConsentTab';
import { ContactsTab } from './ContactsTab';
import { ForwardersTab } from './ForwardersTab';
import { RepliersTab } from './RepliersTab';
import { RulesetsTab } from './RulesetsTab';
import { ScheduledTab } from './ScheduledTab';
import { TemplatesTab } from './TemplatesTab';
import { TotpTab } from './TotpTab';

/** One tab per automation; the route is #/automations/<tab id>. */
export const AUTOMATION_TABS: [id: string, label: string, view: FunctionComponent][] = [
  ['rulesets', 'Rulesets', RulesetsTab],
  ['forwarders', 'Forwarders', ForwardersTab],
  ['repliers', 'Repliers', RepliersTab],
  ['aliases', 'Aliases', AliasesTab],
  ['templates', 'Templates', TemplatesTab],
  ['contacts', 'Contacts & groups', ContactsTab],
  ['scheduled', 'Scheduled sends', ScheduledTab],
  ['consent', 'Consent', ConsentTab],
  ['totp', 'TOTP', TotpTab],
];

export function AutomationsView({ tab }: { tab?: string }) {
  const current = AUTOMATION_TABS.find(([id]) => id === tab) ?? AUTOMATION_TABS[0]!;
  const [currentId, currentLabel, View] = current;
  return (
    <section aria-labelledby="automations-title">
      <div class="view-head"><h1 id="automations-title" class="grow">Automations</h1></div>
      <nav class="tabs" aria-label="Automations">
        {AUTOMATION_TABS.map(([id, label]) => (
          <a key={id} href={href('automations', id)} aria-current={id === currentId ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      <div role="region" aria-label={currentLabel}>
        <View key={currentId} />
      </div>
    </section>
  );
}
