import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { EmailLogEntry } from '@app/shared/schemas/email';
import { ActionIcon, Alert, Badge, Code, CopyButton, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconMailOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { WarningAlert } from '../../../components/warning-alert';
import { formatDateTime } from '../../../lib/dates';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** Sent, kept in the local outbox, or failed; dark shades so white text on them reads at WCAG AA. */
export function DeliveryBadge({ email, size }: { email: EmailLogEntry; size?: 'sm' }) {
  const [color, label] =
    email.delivery === 'failed'
      ? ['red.9', boardMsg.emailNotSent]
      : email.delivery === 'outbox'
        ? ['#7a4b00', mailMsg.emailInOutbox]
        : ['#1f6b30', boardMsg.emailOk];
  return (
    <Badge color={color} variant="filled" size={size} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

/**
 * 'Detalle del Correo': the company (or 'sin empresa'), subject, recipients,
 * content with a copy button, and the provider's answer; a send that failed, or a message only kept
 * in the server's outbox, says so first. Also who sent it.
 */
export function EmailDetailModal({
  email,
  opened,
  onClose,
}: {
  email: EmailLogEntry | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.emailDetailTitle} size="lg">
      {email && (
        <Stack>
          {!email.ok && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={boardMsg.emailNotSent}>
              {boardMsg.emailNotSentDetail}
            </Alert>
          )}
          {email.delivery === 'outbox' && (
            <WarningAlert icon={<IconMailOff size={18} aria-hidden />} title={mailMsg.emailInOutbox}>
              {mailMsg.savedToOutbox}
            </WarningAlert>
          )}
          <Stack gap="sm" component="dl" m={0}>
            <Field label={boardMsg.companyLabel}>{email.business?.name ?? boardMsg.noCompany}</Field>
            <Field label="Fecha">{formatDateTime(email.createdAt)}</Field>
            {email.sentBy && <Field label={mailMsg.sentBy}>{email.sentBy.name}</Field>}
            <Field label={boardMsg.subjectLabel}>{email.subject}</Field>
            <Field label={boardMsg.recipientsLabel}>
              <Group gap={4} component="span">
                {splitContacts(email.emails).map((address) => (
                  <Badge key={address} variant="light" tt="none" component="span">
                    {address}
                  </Badge>
                ))}
              </Group>
            </Field>
          </Stack>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {boardMsg.contentLabel}
              </Text>
              <CopyButton value={email.content} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? boardMsg.contentCopied : boardMsg.copyContent} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : undefined}
                      aria-label={copied ? boardMsg.contentCopied : boardMsg.copyContent}
                      onClick={copy}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Paper
              withBorder
              p="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="email-content"
            >
              <Text size="sm">{email.content}</Text>
            </Paper>
          </Stack>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {boardMsg.providerResponse}
              </Text>
              <DeliveryBadge email={email} />
            </Group>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {email.providerResponse}
            </Code>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
