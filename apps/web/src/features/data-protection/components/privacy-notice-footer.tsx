import { dataProtectionMsg as m } from '@app/shared/messages-data-protection';
import { Anchor, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMyPrivacyNotice } from '../../../api/data-protection/privacy-notice';
import { formatDateTime } from '../../../lib/dates';
import { NoticeText } from './notice-text';

/** The client portal's footer: 'Aviso de privacidad' opens the notice in force (when the firm published one). */
export function PrivacyNoticeFooter() {
  const notice = useMyPrivacyNotice();
  const [opened, modal] = useDisclosure(false);
  const version = notice.data?.notice;
  if (!version || notice.data?.mustAcknowledge) return null;
  return (
    <Group
      component="footer"
      justify="center"
      mt="xl"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Anchor component="button" type="button" size="sm" onClick={modal.open}>
        {m.noticeLink}
      </Anchor>
      <Modal opened={opened} onClose={modal.close} title={m.noticeLink} size="lg">
        <Text size="sm" c="dimmed" mb="md">
          Versión {version.version}, publicada el {formatDateTime(version.publishedAt)}
          {notice.data?.acknowledgedAt ? `; leída el ${formatDateTime(notice.data.acknowledgedAt)}` : ''}.
        </Text>
        <NoticeText text={version.text} />
      </Modal>
    </Group>
  );
}
