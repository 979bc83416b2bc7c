import { boardMsg } from '@app/shared/messages-board';
import { isContactEmail, splitContacts } from '@app/shared/schemas/businesses';
import { SendEmailSchema } from '@app/shared/schemas/email';
import { Autocomplete, Button, Group, Modal, Pill, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { showServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { useSendEmail } from '../api/send-email';

interface SendEmailValues {
  emails: string[];
  subject: string;
  content: string;
}

/**
 * The send-e-mail modal (spec 1 §2.10): recipients as tags preset from the company's contact, the
 * subject with its two suggestions, the content; all required, checked with the server's schema.
 * The toast is titled 'Éxito!!' when sent and 'Oops!!' when not (spec 1 §8).
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

  const invalid = form.values.emails.filter((address) => !isContactEmail(address));
  const emailsError = form.errors.emails;

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({ ...values, businessId: business?.id ?? null });
      notifySuccess(answer.message, boardMsg.emailSuccessTitle);
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
          <TagsInput
            label={boardMsg.recipientsLabel}
            placeholder={boardMsg.recipientsPlaceholder}
            withAsterisk
            splitChars={[',', ';', ' ']}
            acceptValueOnBlur
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar todos los destinatarios', 'aria-hidden': false, tabIndex: 0 }}
            {...form.getInputProps('emails')}
            error={emailsError && invalid.length > 0 ? `${emailsError}: ${invalid.join(', ')}` : emailsError}
            renderPill={({ value: address, onRemove, disabled }) => {
              const bad = !isContactEmail(address ?? '');
              return (
                <Pill
                  withRemoveButton={!disabled}
                  onRemove={onRemove}
                  removeButtonProps={{ 'aria-label': `Quitar ${address}`, 'aria-hidden': false }}
                  data-invalid={bad || undefined}
                  title={bad ? boardMsg.invalidEmail : undefined}
                  bg={bad ? 'red.1' : undefined}
                  c={bad ? 'red.9' : undefined}
                >
                  {address}
                </Pill>
              );
            }}
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
