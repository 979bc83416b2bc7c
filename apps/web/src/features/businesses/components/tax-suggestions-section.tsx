import { currentPeriod, periodBounds } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import type { BusinessDetail } from '@app/shared/schemas/businesses';
import { catalogueEntry, suggestedCatalogueKeys } from '@app/shared/tax-catalogue';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useActivateManyBusinessServices } from '../../../api/business-services/activate-many-business-services';
import { useLoadTaxCatalogue } from '../../../api/services/tax-catalogue';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/**
 * 'Según su perfil aplican…': the catalogue obligations the company's tax profile calls for that are
 * loaded as services but not active on it, and those not loaded yet (an owner may load them here).
 * 'Activar' links them all from the company's 'Seguimiento desde' month when it has one (a firm
 * onboarding a client tracks its obligations from there), else from the first day of the current period.
 */
export function TaxSuggestionsSection({ business }: { business: BusinessDetail }) {
  const session = useSession();
  const activate = useActivateManyBusinessServices();
  const load = useLoadTaxCatalogue();
  const keys = suggestedCatalogueKeys({ taxRegime: business.taxRegime, hasEmployees: business.hasEmployees });
  const byKey = new Map(
    business.services.flatMap((row) => (row.service.catalogueKey ? [[row.service.catalogueKey, row]] : [])),
  );
  const inactive = keys.flatMap((key) => {
    const row = byKey.get(key);
    return row && !row.active ? [row] : [];
  });
  const notLoaded = keys.filter((key) => !byKey.has(key));
  if (inactive.length === 0 && notLoaded.length === 0) return null;

  const startDate = business.trackingSince
    ? `${business.trackingSince.slice(0, 7)}-01`
    : periodBounds(currentPeriod()).firstDay;
  const canLoad = session !== null && can(session.user, 'services:catalogue');

  const activateAll = async () => {
    try {
      const result = await activate.mutateAsync({
        businessId: business.id,
        serviceIds: inactive.map((row) => row.serviceId),
        startDate,
      });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    }
  };
  const loadMissing = async () => {
    try {
      notifySuccess((await load.mutateAsync({ keys: notLoaded })).message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Alert color="blue" title="Obligaciones según el perfil tributario">
      <Stack gap="xs">
        {inactive.length > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Según su perfil aplican: {inactive.map((row) => row.service.name).join(', ')} (desde el{' '}
              {formatDate(startDate)})
            </Text>
            <Button size="compact-sm" onClick={activateAll} loading={activate.isPending}>
              Activar
            </Button>
          </Group>
        )}
        {notLoaded.length > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Aún no cargadas en Servicios:{' '}
              {notLoaded.map((key) => catalogueEntry(key)?.definition.name ?? key).join(', ')}
            </Text>
            {canLoad && (
              <Button size="compact-sm" variant="light" onClick={loadMissing} loading={load.isPending}>
                Cargar del catálogo
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
