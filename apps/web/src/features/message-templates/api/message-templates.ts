import {
  messageTemplateEndpoints as endpoints,
  type MessageTemplate,
  type MessageTemplateInput,
} from '@paydesk/domain/message-templates/message-templates.contract';
import { customerEndpoints } from '@paydesk/domain/customers/customers.contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TemplateListParams = {
  page: number;
  pageSize: number;
  search?: string;
  ordering?: 'name' | '-name' | 'updated' | '-updated';
};

/** GET /merchants/:id/message_templates/ (page_size 50 in lists, 1000 in pickers). */
export function getMessageTemplatesQueryOptions(
  merchantID: string,
  { page, pageSize, search, ordering }: TemplateListParams,
) {
  return queryOptions({
    queryKey: queryKeys.messageTemplates.list(merchantID, { page, pageSize, search, ordering }),
    queryFn: () =>
      api.call(endpoints.list, {
        params: { id: merchantID },
        query: { page, page_size: pageSize, ordering, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMessageTemplates(merchantID: string, params: TemplateListParams) {
  return useQuery(getMessageTemplatesQueryOptions(merchantID, params));
}

/** GET /merchants/:id/message_templates/:tid/. */
export function getMessageTemplateQueryOptions(merchantID: string, templateID: string) {
  return queryOptions({
    queryKey: queryKeys.messageTemplates.item(merchantID, templateID),
    queryFn: () => api.call(endpoints.get, { params: { id: merchantID, tid: templateID } }),
  });
}

export function useMessageTemplate(merchantID: string, templateID: string | undefined) {
  return useQuery({ ...getMessageTemplateQueryOptions(merchantID, templateID ?? ''), enabled: Boolean(templateID) });
}

/** Create when there is no id, update (PUT) otherwise (SPEC §7). */
export function useSaveMessageTemplate(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateID, input }: { templateID?: string; input: MessageTemplateInput }) =>
      templateID
        ? api.call(endpoints.replace, { params: { id: merchantID, tid: templateID }, body: input })
        : api.call(endpoints.create, { params: { id: merchantID }, body: input }),
    onSuccess: (template) => {
      queryClient.setQueryData(queryKeys.messageTemplates.item(merchantID, template.id), template);
      return queryClient.invalidateQueries({ queryKey: queryKeys.messageTemplates.all(merchantID) });
    },
  });
}

/** The list's toggle: PUT with the template as its body and active flipped (SPEC §7). */
export function useToggleTemplateActive(merchantID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: MessageTemplate) =>
      api.call(endpoints.replace, {
        params: { id: merchantID, tid: template.id },
        body: {
          name: template.name,
          description: template.description,
          type: template.type,
          delta_days: template.delta_days,
          message_bodies: template.message_bodies,
          is_visible: template.is_visible,
          active: !template.active,
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageTemplates.all(merchantID) }),
  });
}

/** POST …/random_render/: a draft body rendered for a random customer (sample values when there is none). */
export function randomRender(merchantID: string, body: string, type: 'TEXT' | 'EMAIL') {
  return api.call(endpoints.randomRender, {
    params: { id: merchantID },
    body: { message_template_body: body, type },
  });
}

/** How many customers the preview's picker offers for what is typed. */
export const PREVIEW_CUSTOMER_CHOICES = 25;

/** Customers to preview a template for: GET /merchants/:id/customers/ searched by what is typed. */
export function usePreviewCustomers(merchantID: string, search: string, enabled: boolean) {
  const params = { page: 1, pageSize: PREVIEW_CUSTOMER_CHOICES, search: search || undefined };
  return useQuery({
    queryKey: queryKeys.customers.list(merchantID, params),
    queryFn: () =>
      api.call(customerEndpoints.list, {
        params: { id: merchantID },
        query: { page: 1, page_size: PREVIEW_CUSTOMER_CHOICES, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * POST …/preview/: the editor's draft body (not the saved template) rendered, as text and as email, with a chosen
 * customer's and account's values. Like every preview it never issues a payment link (the server shows a sample).
 */
export function useCustomerPreview(
  merchantID: string,
  body: string,
  choice: { customer: string; account: string } | null,
) {
  return useQuery({
    queryKey: queryKeys.messageTemplates.customerPreview(
      merchantID,
      body,
      choice?.customer ?? '',
      choice?.account ?? '',
    ),
    queryFn: async () => {
      const render = (type: 'TEXT' | 'EMAIL') =>
        api.call(endpoints.preview, {
          params: { id: merchantID },
          body: { customer: choice!.customer, account: choice!.account, message_template_body: body, type },
        });
      const [text, email] = await Promise.all([render('TEXT'), render('EMAIL')]);
      return { text, email };
    },
    enabled: choice !== null && body.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
