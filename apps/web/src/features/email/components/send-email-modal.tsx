import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import { splitContacts } from '@app/shared/schemas/businesses';
import { SendEmailSchema } from '@app/shared/schemas/email';
import { Autocomplete, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useSendEmail } from '../../../api/email/send-email';
import { EmailTagsInput } from '../../../components/email-tags-input';
import { showServerErrors } from '../../../lib/form-errors';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

interface SendEmailValues {
  emails: string[];
  subject: string;
  content: string;
}

/**
 * The send-e-mail modal: recipients as tags preset from the company's contact, the
 * subject with its two suggestions, the content; all required, checked with the server's schema.
 * The toast is titled 'Éxito!!' when sent and 'Oops!!' when not; a message only kept in
 * the server's outbox (mail not configured) says so instead of claiming it was sent.
 */
export function SendEmailModal({
  opened,
  onClose,
  business,
}: {
  opened: boolean;
  onClose: () => void;
  business: { id: number; name: string; contact: string } | null;
}) {
  const send = useSendEmail();
  const form = useForm<SendEmailValues>({
    initialValues: { emails: [], subject: '', content: '' },
    validate: schemaResolver(SendEmailSchema, { sync: true }),
  });
  useResetOnOpen(form, opened, { emails: splitContacts(business?.contact ?? ''), subject: '', content: '' }, [
    business,
  ]);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({ ...values, businessId: business?.id ?? null });
      if (answer.delivery === 'outbox') notifyWarning(answer.message, mailMsg.savedToOutboxTitle);
      else notifySuccess(answer.message, boardMsg.emailSuccessTitle);
      onClose();
    } catch (error) {
      showServerErrors(form, error, { title: boardMsg.emailErrorTitle });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.sendEmail} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {business && (
            <Text size="sm" c="dimmed">
              {business.name}
            </Text>
          )}
          <EmailTagsInput
            label={boardMsg.recipientsLabel}
            placeholder={boardMsg.recipientsPlaceholder}
            withAsterisk
            acceptValueOnBlur
            clearLabel="Quitar todos los destinatarios"
            {...form.getInputProps('emails')}
          />
          <Autocomplete
            label={boardMsg.subjectLabel}
            withAsterisk
            data={[...boardMsg.subjectSuggestions]}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label={boardMsg.contentLabel}
            withAsterisk
            autosize
            minRows={6}
            maxRows={14}
            {...form.getInputProps('content')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {boardMsg.cancel}
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              {boardMsg.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
