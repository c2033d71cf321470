import { Alert, Anchor, Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { SAVED_TEMPLATE_TOAST_MS, SEARCH_DEBOUNCE_MS } from '@paydesk/domain/constants';
import { usesMergeField } from '@paydesk/domain/message-templates/merge-fields';
import type { MessageTemplate } from '@paydesk/domain/message-templates/message-templates.contract';
import { countSmsSegments, ucs2Note } from '@paydesk/domain/messages/sms-segments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import {
  randomRender,
  useCustomerPreview,
  useMessageTemplate,
  usePreviewCustomers,
  useSaveMessageTemplate,
} from '../api/message-templates';
import {
  EMPTY_TEMPLATE,
  TEMPLATE_FIELD_MAP,
  TEMPLATE_FORM_FIELDS,
  toFormValues,
  toTemplateInput,
  type TemplateFormValues,
} from '../components/template-form';

export type TemplateEditorContext = {
  form: UseFormReturnType<TemplateFormValues>;
  template: MessageTemplate | undefined;
};

export function useTemplateEditor(): TemplateEditorContext {
  return useOutletContext<TemplateEditorContext>();
}

const TABS = [
  { value: 'details', label: 'Details' },
  { value: 'text', label: 'Text' },
  { value: 'email', label: 'Email' },
] as const;

/** An id in the path that means "new": none, or `create` (the list's Create link). */
function templateIdOf(param: string | undefined): string | undefined {
  return param && param !== 'create' ? param : undefined;
}

/**
 * /merchants/:merchantID/message-templates/:messageTemplateID? : the editor shell (SPEC §2). Its children are the
 * form (MessageTemplateEdit), …/text and …/email; the form, the draft flag, Save and Cancel and the preview live here.
 */
export function MessageTemplateEditorRoute() {
  const { merchantID = '', messageTemplateID } = useParams();
  const templateID = templateIdOf(messageTemplateID);
  const template = useMessageTemplate(merchantID, templateID);
  if (templateID && !template.isSuccess) {
    return (
      <QueryState error={template.error} loadingLabel="Loading template" errorTitle="Template could not be loaded" />
    );
  }
  return <TemplateEditor key={templateID ?? 'new'} merchantID={merchantID} template={template.data} />;
}

function TemplateEditor({ merchantID, template }: { merchantID: string; template: MessageTemplate | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<TemplateFormValues>({ initialValues: template ? toFormValues(template) : EMPTY_TEMPLATE });
  const save = useSaveMessageTemplate(merchantID);
  // SPEC §4: set on a failed save, cleared on a successful one.
  const [draft, setDraft] = useState(false);
  const listPath = `/merchants/${merchantID}/message-templates`;
  const base = `${listPath}/${template?.id ?? 'create'}`;
  const activeTab = location.pathname.endsWith('/text')
    ? 'text'
    : location.pathname.endsWith('/email')
      ? 'email'
      : 'details';
  // The tabs are parts of this page: moving among them keeps the draft and does not ask.
  const leavePrompt = useLeavePrompt((form.isDirty() || draft) && !save.isPending, { within: base });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ templateID: template?.id, input: toTemplateInput(values, template) });
      setDraft(false);
      form.resetDirty(toFormValues(saved));
      notifySuccess('Template saved!', { autoClose: SAVED_TEMPLATE_TOAST_MS });
      if (!template) {
        const tab = activeTab === 'details' ? '' : `/${activeTab}`;
        // After the state settles, so the leave prompt no longer sees a draft.
        setTimeout(() => navigate(`${listPath}/${saved.id}${tab}`, { replace: true }), 0);
      }
    } catch (error) {
      setDraft(true);
      showFormError(form, error, {
        fields: TEMPLATE_FORM_FIELDS,
        fieldMap: TEMPLATE_FIELD_MAP,
        codeFields: { 'template.schedule_clash': 'days' },
      });
      // An error the open tab does not show: go to the tab that does.
      const fields = errorFields(error);
      const onBody = fields.has('body');
      const onDetails = ['name', 'relation', 'days', 'type'].some((field) => fields.has(field));
      if (activeTab === 'details' && onBody && !onDetails) navigate(`${base}/text`);
      else if (activeTab !== 'details' && onDetails && !onBody) navigate(base);
    }
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={1}>{template ? 'Templates > Edit Template' : 'Create Template'}</Title>
          <Tabs
            value={activeTab}
            onChange={(value) => navigate(value && value !== 'details' ? `${base}/${value}` : base)}
          >
            <Tabs.List aria-label="Template parts">
              {TABS.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Outlet context={{ form, template } satisfies TemplateEditorContext} />
          <TemplatePreview merchantID={merchantID} body={form.values.body} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listPath}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={form.values.body.trim() === ''}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {leavePrompt}
    </Paper>
  );
}

/** The form fields a failed save's errors go on (as `showFormError` places them). */
function errorFields(error: unknown): Set<string> {
  if (!(error instanceof ApiError)) return new Set();
  if (error.code === 'template.schedule_clash') return new Set(['days']);
  return new Set(Object.keys(error.fieldErrors).map((field) => TEMPLATE_FIELD_MAP[field] ?? field));
}

/**
 * The live preview (issue 20 item 6): the body being edited, saved or not, rendered for a random customer or for a
 * chosen customer and account. A preview never issues a payment link: `{{payment_link}}` shows a sample.
 */
function TemplatePreview({ merchantID, body }: { merchantID: string; body: string }) {
  const [debouncedBody] = useDebouncedValue(body, SEARCH_DEBOUNCE_MS);
  const [nonce, setNonce] = useState(0);
  const [mode, setMode] = useState<'none' | 'random' | 'customer'>('none');
  const [choice, setChoice] = useState<CustomerChoice | null>(null);
  const random = useQuery({
    queryKey: queryKeys.messageTemplates.preview(merchantID, debouncedBody, nonce),
    queryFn: async () => {
      const [text, email] = await Promise.all([
        randomRender(merchantID, debouncedBody, 'TEXT'),
        randomRender(merchantID, debouncedBody, 'EMAIL'),
      ]);
      return { text, email };
    },
    enabled: mode === 'random' && debouncedBody.trim() !== '',
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="template-preview-title">
      <Group justify="space-between" mb="xs" align="flex-end">
        <Title order={2} size="h4" id="template-preview-title">
          Preview
        </Title>
        <Button
          variant="light"
          size="compact-sm"
          disabled={body.trim() === ''}
          onClick={() => {
            setMode('random');
            setNonce((value) => value + 1);
          }}
        >
          Preview with a random customer
        </Button>
      </Group>
      <PreviewCustomerPicker
        merchantID={merchantID}
        value={choice}
        onChange={(next) => {
          setChoice(next);
          if (next) setMode('customer');
        }}
      />
      {debouncedBody.trim() !== '' && usesMergeField(debouncedBody, 'payment_link') && (
        <Text size="sm" c="dimmed" mb="xs">
          The payment link shown is a sample: each message sent gets its own new link.
        </Text>
      )}
      {mode === 'customer' && choice && debouncedBody.trim() !== '' ? (
        <CustomerPreview merchantID={merchantID} body={debouncedBody} choice={choice} />
      ) : mode !== 'random' || debouncedBody.trim() === '' ? (
        <Text c="dimmed" size="sm" mt="xs">
          See the message as a customer would get it.
        </Text>
      ) : !random.isSuccess ? (
        <QueryState error={random.error} loadingLabel="Rendering preview" errorTitle="Preview could not be rendered" />
      ) : (
        <RenderedPreview
          caption={
            random.data.text.customer
              ? `For ${random.data.text.customer.first_name} ${random.data.text.customer.last_name}`
              : 'With sample values (no customers yet)'
          }
          text={random.data.text.rendered_body}
          email={random.data.email.rendered_body}
          onAnother={() => setNonce((value) => value + 1)}
        />
      )}
    </Paper>
  );
}

type CustomerChoice = { customer: string; account: string; label: string };

/** A customer account of the merchant, searched by what is typed (name, phone, email or account number). */
function PreviewCustomerPicker({
  merchantID,
  value,
  onChange,
}: {
  merchantID: string;
  value: CustomerChoice | null;
  onChange: (choice: CustomerChoice | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const customers = usePreviewCustomers(merchantID, value && search === value.label ? '' : debouncedSearch, opened);
  const choices = (customers.data?.results ?? []).flatMap((row) =>
    row.accounts.map((account) => ({
      value: `${row.id}/${account.id}`,
      label: `${row.first_name} ${row.last_name} · ${account.external_id}`,
      customer: row.id,
      account: account.id,
    })),
  );
  const data =
    value && !choices.some((item) => item.value === `${value.customer}/${value.account}`)
      ? [{ value: `${value.customer}/${value.account}`, label: value.label }, ...choices]
      : choices;
  return (
    <Select
      label="Preview for a customer"
      placeholder="Search customers"
      searchable
      clearable
      filter={({ options }) => options}
      data={data}
      value={value ? `${value.customer}/${value.account}` : null}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customers found'}
      onChange={(next, option) => {
        if (!next) return onChange(null);
        const [customer = '', account = ''] = next.split('/');
        onChange({ customer, account, label: option?.label ?? '' });
      }}
      mb="xs"
    />
  );
}

/** The draft body rendered for the chosen customer and account. */
function CustomerPreview({ merchantID, body, choice }: { merchantID: string; body: string; choice: CustomerChoice }) {
  const rendered = useCustomerPreview(merchantID, body, choice);
  if (!rendered.data) {
    return (
      <QueryState error={rendered.error} loadingLabel="Rendering preview" errorTitle="Preview could not be rendered" />
    );
  }
  return (
    <RenderedPreview
      caption={`For ${choice.label}`}
      text={rendered.data.text.rendered_body}
      email={rendered.data.email.rendered_body}
    />
  );
}

function RenderedPreview({
  caption,
  text,
  email,
  onAnother,
}: {
  caption: string;
  text: string;
  email: string;
  onAnother?: () => void;
}) {
  const segments = countSmsSegments(text);
  const note = ucs2Note(segments);
  return (
    <Stack gap="xs" data-testid="template-preview">
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-text">
        {text}
      </Text>
      <Text size="sm" data-testid="template-preview-segments">
        {`${segments.segments} SMS ${segments.segments === 1 ? 'segment' : 'segments'} (${segments.encoding}, ${segments.characters} characters)`}
      </Text>
      {note && (
        <Alert color="yellow" variant="light" p="xs">
          {note}
        </Alert>
      )}
      <Text size="sm" fw={500}>
        Email
      </Text>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={email}
        style={{ width: '100%', minHeight: 120, border: '1px solid var(--mantine-color-gray-3)' }}
      />
      {onAnother && (
        <Anchor component="button" type="button" size="sm" onClick={onAnother}>
          Another customer
        </Anchor>
      )}
    </Stack>
  );
}
