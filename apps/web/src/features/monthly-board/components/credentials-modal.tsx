import { boardMsg } from '@app/shared/messages-board';
import type { Credential } from '@app/shared/schemas/credentials';
import { Modal } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { CredentialsVault } from '../../../components/credentials-vault';

/** The credentials query of a company, given by the app layer (the companies feature owns GET /api/password). */
export type UseCompanyCredentials = (businessId: number) => UseQueryResult<Credential[]>;

function CompanyCredentials({
  businessId,
  useCredentials,
}: {
  businessId: number;
  useCredentials: UseCompanyCredentials;
}) {
  const credentials = useCredentials(businessId);
  return <CredentialsVault query={credentials} records={credentials.data ?? []} />;
}

/**
 * The key icon's modal (spec 1 §2.5, DESIGN.md §4): the company's portal credentials, fetched when
 * it opens and dropped when it closes (never shipped inside the board).
 */
export function CredentialsModal({
  business,
  opened,
  onClose,
  useCredentials,
}: {
  business: { id: number; name: string } | null;
  opened: boolean;
  onClose: () => void;
  useCredentials: UseCompanyCredentials;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={business ? `${boardMsg.credentials} de ${business.name}` : boardMsg.credentials}
      size="xl"
    >
      {opened && business && <CompanyCredentials businessId={business.id} useCredentials={useCredentials} />}
    </Modal>
  );
}
