import { boardMsg } from '@app/shared/messages-board';
import { Modal } from '@mantine/core';
import { useCredentials } from '../../../api/credentials/get-credentials';
import { revealCredential } from '../../../api/credentials/reveal-credential';
import { CredentialsVault } from '../../../components/credentials-vault';

function BusinessCredentials({ businessId }: { businessId: number }) {
  const credentials = useCredentials(businessId);
  return <CredentialsVault query={credentials} records={credentials.data ?? []} reveal={revealCredential} />;
}

/**
 * The key icon's modal: the company's portal credentials, fetched when
 * it opens and dropped when it closes (never shipped inside the board).
 */
export function CredentialsModal({
  business,
  opened,
  onClose,
}: {
  business: { id: number; name: string } | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={business ? `${boardMsg.credentials} de ${business.name}` : boardMsg.credentials}
      size="xl"
    >
      {opened && business && <BusinessCredentials businessId={business.id} />}
    </Modal>
  );
}
