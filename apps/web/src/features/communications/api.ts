import type {
  EventMailTemplateDto,
  EventMailTemplateKey,
  EventMailTemplateListDto,
  EventOutboxMailDto,
  EventOutboxPageDto,
  MailComposeBody,
  MailPreviewDto,
  MailSendCreatedDto,
  MailSendPageDto,
  UpdateEventMailTemplateBody,
} from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { EventOutboxParams } from './mail-filters.ts';

/** Query keys of an event's mail; everything under ['communications', eventId] is refreshed after a change. */
export const communicationKeys = {
  event: (eventId: string) => ['communications', eventId] as const,
  templates: (eventId: string) => ['communications', eventId, 'templates'] as const,
  template: (eventId: string, key: EventMailTemplateKey) => ['communications', eventId, 'templates', key] as const,
  sends: (eventId: string, page: number) => ['communications', eventId, 'sends', page] as const,
  outbox: (eventId: string, params: EventOutboxParams) => ['communications', eventId, 'outbox', params] as const,
};

const eventPath = (eventId: string, path: string) => `events/${encodeURIComponent(eventId)}/${path}`;

/** `GET events/{id}/mail-templates/`: each template and which languages the chairs worded. */
export function mailTemplatesQuery(eventId: string) {
  return queryOptions({
    queryKey: communicationKeys.templates(eventId),
    queryFn: () => api.get<EventMailTemplateListDto>(eventPath(eventId, 'mail-templates/')),
  });
}

/** `GET events/{id}/mail-templates/{key}/`: one template's wording in English and Arabic, and its placeholders. */
export function mailTemplateQuery(eventId: string, key: EventMailTemplateKey) {
  return queryOptions({
    queryKey: communicationKeys.template(eventId, key),
    queryFn: () => api.get<EventMailTemplateDto>(eventPath(eventId, `mail-templates/${key}/`)),
  });
}

/** `GET events/{id}/mail/sends/?page=`: the event's group mails, newest first. */
export function mailSendsQuery(eventId: string, page: number) {
  return queryOptions({
    queryKey: communicationKeys.sends(eventId, page),
    queryFn: () => api.get<MailSendPageDto>(eventPath(eventId, 'mail/sends/'), { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET events/{id}/outbox/?…`: one page of the event's mails. */
export function eventOutboxQuery(eventId: string, params: EventOutboxParams) {
  return queryOptions({
    queryKey: communicationKeys.outbox(eventId, params),
    queryFn: () => api.get<EventOutboxPageDto>(eventPath(eventId, 'outbox/'), { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: communicationKeys.event(eventId) });
}

/** `PUT events/{id}/mail-templates/{key}/`: a language's wording, or null to go back to the default. */
export function useSaveTemplateMutation(eventId: string, key: EventMailTemplateKey) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: UpdateEventMailTemplateBody) =>
      api.put<EventMailTemplateDto>(eventPath(eventId, `mail-templates/${key}/`), body),
    onSuccess: refresh,
  });
}

/** `POST events/{id}/mail/preview/`: the mail as one recipient of the group gets it. */
export function usePreviewMailMutation(eventId: string) {
  return useMutation({
    mutationFn: (body: MailComposeBody) => api.post<MailPreviewDto>(eventPath(eventId, 'mail/preview/'), body),
  });
}

/** `POST events/{id}/mail/send/`: the group mail, accepted (202); its recipients are written in the background. */
export function useSendMailMutation(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: MailComposeBody) => api.post<MailSendCreatedDto>(eventPath(eventId, 'mail/send/'), body),
    onSuccess: refresh,
  });
}

/** `POST events/{id}/outbox/{mail}/resend/`: retried now, or a new copy of a sent mail. */
export function useResendMailMutation(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (mailId: number) => api.post<EventOutboxMailDto>(eventPath(eventId, `outbox/${mailId}/resend/`)),
    onSettled: refresh,
  });
}
