import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Template } from '../../automation-types';
import { mailSrcdoc } from '../../mail-frame';
import { ErrorBox, Loading, relativeTime, formatTime, useAsync } from '../../ui';
import { CreateToggle, DeleteButton, FormError, PagedRows, useFormAction, usePaged } from './shared';

/** Templates: moustache bodies a send renders with `template` and `templateVariables`. */
export function TemplatesTab() {
  const paged = usePaged<Template>('/templates/paginated');
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <p class="intro">A send with <code>template</code> renders its body here, filling <code>{'{{variables}}'}</code> from <code>templateVariables</code>.</p>
      <CreateToggle label="New template" open={creating} onToggle={() => setCreating(!creating)} />
      {creating && <CreateTemplateForm onDone={() => { setCreating(false); paged.list.reload(); }} />}
      <PagedRows paged={paged} label="Templates" empty="No templates yet.">
        {(template) => <TemplateRow key={template.id} template={template} onDeleted={paged.list.reload} />}
      </PagedRows>
    </div>
  );
}

function CreateTemplateForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const action = useFormAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post('/templates', { name, content });
      onDone();
    }, 'Template created');
  };
  return (
    <form class="panel form-grid" onSubmit={submit} aria-label="New template" aria-describedby="template-error">
      <label>Template name<input required value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label class="wide">Content
        <textarea required rows={5} value={content} onInput={(e) => setContent(e.currentTarget.value)} placeholder="<p>Hello {{name}}</p>" />
      </label>
      <FormError id="template-error" error={action.error} />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={action.busy}>Create template</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function TemplateRow({ template, onDeleted }: { template: Template; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="row column" data-id={template.id}>
      <div class="row-line">
        <div class="row-main">
          <span class="title">{template.name}</span>
          <span class="sub">{template.variables.length ? `variables: ${template.variables.join(', ')}` : 'no variables'}</span>
          <span class="meta"><time dateTime={template.createdAt} title={formatTime(template.createdAt)}>{relativeTime(template.createdAt)}</time></span>
        </div>
        <span class="row-actions">
          <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>Preview</button>
          <DeleteButton name={`template ${template.name}`} path={`/templates/${template.id}`} onDone={onDeleted} />
        </span>
      </div>
      {open && <TemplatePreview templateId={template.id} name={template.name} />}
    </li>
  );
}

/** The server's rendering with example values, in the same inert frame as an email's HTML. */
function TemplatePreview({ templateId, name }: { templateId: string; name: string }) {
  const preview = useAsync(() => api.get<{ preview: string }>(`/templates/${templateId}/preview/json`), [templateId]);
  if (preview.error) return <ErrorBox error={preview.error} retry={preview.reload} />;
  if (preview.data === undefined) return <Loading />;
  return (
    <div class="frame-wrap">
      <iframe class="mail-frame preview" title={`Preview of ${name}`} sandbox="" srcdoc={mailSrcdoc(preview.data.preview, false)} />
    </div>
  );
}
