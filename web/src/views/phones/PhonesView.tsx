import { href } from '../../router';
import { TotpTab } from '../automations/TotpTab';
import { NumbersTab } from './NumbersTab';

const TABS = [
  ['numbers', 'Numbers'],
  ['totp', 'TOTP devices'],
] as const;

/** The simulated carrier's side of the dashboard: #/phones (numbers) and #/phones/totp. */
export function PhonesView({ tab }: { tab: string }) {
  const current = TABS.find(([id]) => id === tab) ?? TABS[0];
  return (
    <section aria-labelledby="phones-title">
      <div class="view-head"><h1 id="phones-title" class="grow">Phones</h1></div>
      <nav class="tabs" aria-label="Phones">
        {TABS.map(([id, label]) => (
          <a key={id} href={id === 'numbers' ? href('phones') : href('phones', id)} aria-current={id === current[0] ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      <div role="region" aria-label={current[1]}>
        {current[0] === 'totp' ? <TotpTab /> : <NumbersTab />}
      </div>
    </section>
  );
}
