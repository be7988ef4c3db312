import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkClientSupport, type EmailFeatureSupportResult } from './client-support.js';

const flags = (result: EmailFeatureSupportResult, feature: string, family: string, platform: string) =>
  result.featureOverviews.find((o) => o.feature === feature)?.featureStatistics
    .find((f) => f.family === family)?.platforms.find((p) => p.platform === platform)?.versions[0]?.supportFlags;

test('the package\'s detectors find flexbox, grid and <video>; the mended ones find var() and inline <svg>', () => {
  const result = checkClientSupport(
    '<style>.row{display:flex} .grid{display:grid;color:var(--brand)}</style><div class="row"><video></video><svg width="4"></svg></div>',
  );
  for (const slug of ['css-display-flex', 'css-display-grid', 'html-video', 'css-variables', 'html-svg']) {
    assert.ok(result.detectedFeatures.includes(slug), slug);
  }
  assert.equal(flags(result, 'css-display-grid', 'outlook', 'windows')?.status, 'NOT_SUPPORTED');
  assert.equal(flags(result, 'css-display-grid', 'apple-mail', 'ios')?.status, 'SUPPORTED');
  // caniemail's note for the client, as text; the status of the newest tested version, unnamed.
  assert.deepEqual(flags(result, 'html-video', 'gmail', 'desktop-webmail'), {
    status: 'NOT_SUPPORTED', notes: ['`<video>`, `<source>` and `<track>` tags are replaced by `<u></u>` tags.'],
  });
  assert.equal(result.featureOverviews[0]!.featureStatistics[0]!.platforms[0]!.versions[0]!.version, '');
  const total = result.featurePercentages.reduce((sum, p) => sum + p.percentage, 0);
  assert.ok(Math.abs(total - 100) < 0.05, `percentages add up to 100 (${total})`);
});

test('each feature is judged in every client the package knows, and statuses list what occurs', () => {
  const result = checkClientSupport('<p>plain</p>');
  assert.deepEqual(result.detectedFeatures, ['html-p']);
  const [overview] = result.featureOverviews;
  assert.deepEqual(overview!.statuses, ['SUPPORTED']);
  assert.equal(overview!.featureStatistics.flatMap((f) => f.platforms).length, 32);
  assert.deepEqual(result.featurePercentages, [{ status: 'SUPPORTED', percentage: 100 }]);
  assert.deepEqual(result.names.category, [{ slug: 'html', name: 'HTML' }]);
  assert.ok(result.names.family.some((f) => f.slug === 'outlook' && f.name === 'Outlook'));
});

test('nothing to detect is an empty result; unreadable <style> CSS is a 400 naming it', () => {
  assert.deepEqual(checkClientSupport(''), {
    names: { family: [], platform: [], category: [] }, detectedFeatures: [], featureOverviews: [], featurePercentages: [],
  });
  assert.throws(() => checkClientSupport('<style>.a{color:red</style>'), (err: Error & { code?: string }) =>
    err.code === 'BAD_REQUEST' && /<style> CSS could not be read/.test(err.message));
});
