import { requestsMsg } from '@app/shared/messages-requests';
import { REQUEST_COMMENT_MAX, type RequestItem, ReviewItemSchema } from '@app/shared/schemas/requests';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useReviewItem } from '../../../../api/requests/review-item';
import { submitAndNotify } from '../../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../../lib/use-reset-on-open';

interface AskAgainValues {
  status: 'rejected';
  comment: string;
}

/** 'Pedir de nuevo': staff say what is missing or wrong; the client is e-mailed the comment. */
export function AskAgainModal({ item, onClose }: { item: RequestItem | null; onClose: () => void }) {
  const review = useReviewItem();
  const form = useForm<AskAgainValues>({
    initialValues: { status: 'rejected', comment: '' },
    validate: schemaResolver(ReviewItemSchema, { sync: true }),
  });
  useResetOnOpen(form, item !== null, { status: 'rejected', comment: '' }, [item?.id]);

  const submit = form.onSubmit((values) => {
    if (!item) return;
    return submitAndNotify(form, () => review.mutateAsync({ id: item.id, ...values }), { onSaved: onClose });
  });

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item ? requestsMsg.askAgainTitle(item.name) : requestsMsg.askAgain}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={requestsMsg.askAgainComment}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REQUEST_COMMENT_MAX}
            data-autofocus
            {...form.getInputProps('comment')}
          />
          <Text size="xs" c="dimmed">
            {requestsMsg.askAgainHint}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="orange" loading={review.isPending}>
              {requestsMsg.askAgain}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
