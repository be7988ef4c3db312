import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Empty, ErrorBox, Loading, messageOf, useAsync } from '../ui';

interface Target { id: string; clientProfile?: string | null; deviceType?: string | null; platform?: string | null; colorScheme?: string | null; status?: string; failureCode?: string | null; primaryScreenshotId?: string | null }
interface Screenshot { screenshotId: string; targetId?: string | null; width?: number | null; height?: number | null; title?: string | null }
interface Results { run: { runId: string; status?: string }; targets: Target[]; screenshots: Screenshot[] }

/**
 * The preview tab: the email's latest device preview run (ensureDevicePreviewRun makes one when
 * there is none), held until it is done, then each target's screenshot side by side. Images are
 * fetched with the key and shown from blob URLs, since an <img> cannot send x-api-key.
 */
export function PreviewTab({ emailId }: { emailId: string }) {
  const results = useAsync(async () => {
    const { run } = await api.put<{ run: { runId: string } }>(`/emails/${emailId}/device-previews/latest`, {});
    await api.get(`/emails/device-previews/${run.runId}/wait`, { timeoutMillis: 60000 });
    return api.get<Results>(`/emails/device-previews/${run.runId}/results`);
  }, [emailId]);
  if (results.error) {
    return <ErrorBox error={results.error} retry={results.reload} />;
  }
  if (!results.data) return <Loading />;
  const { targets, screenshots } = results.data;
  return (
    <div class="previews">
      <p class="note">Chromium renders at each device's size, pixel ratio and colour scheme: not screenshots of the mail apps themselves. Native mail-client targets are shown as unavailable.</p>
      {targets.length === 0 ? <Empty>No targets in this run.</Empty> : (
        <ul class="preview-grid">
          {targets.map((t) => {
            const shot = screenshots.find((s) => s.screenshotId === t.primaryScreenshotId) ?? screenshots.find((s) => s.targetId === t.id);
            return (
              <li key={t.id} class="preview-card">
                <h3>{t.clientProfile ?? t.deviceType ?? 'target'}</h3>
                <p class="sub">{[t.deviceType, t.platform, t.colorScheme, shot?.width && shot.height ? `${shot.width}×${shot.height}` : null].filter(Boolean).join(' · ')}</p>
                {shot ? <Shot runId={results.data!.run.runId} screenshot={shot} label={t.clientProfile ?? 'device'} />
                  : <p class="unavailable">{t.status === 'SETUP_REQUIRED' ? 'Unavailable: native mail clients are not rendered here' : `${t.status ?? 'pending'}${t.failureCode ? `: ${t.failureCode}` : ''}`}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Shot({ runId, screenshot, label }: { runId: string; screenshot: Screenshot; label: string }) {
  const [src, setSrc] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    api.blob(`/emails/device-previews/${runId}/screenshots/${screenshot.screenshotId}/image`).then(
      (blob) => setSrc(url = URL.createObjectURL(blob)),
      (err: unknown) => setError(err instanceof ApiError ? err.message : messageOf(err)),
    );
    return () => { if (url) URL.revokeObjectURL(url); };
  }, [runId, screenshot.screenshotId]);
  if (error) return <p class="unavailable">{error}</p>;
  if (!src) return <Loading />;
  return <img src={src} alt={`Screenshot on ${label}`} class="preview-shot" />;
}
