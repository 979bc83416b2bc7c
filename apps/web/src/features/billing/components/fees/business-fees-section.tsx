import { can } from '@app/shared/permissions';
import type { ExtraCharge } from '@app/shared/schemas/billing';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeeTerms } from '../../../../api/billing/fee-terms';
import { LoadError } from '../../../../components/load-error';
import { useCurrentUser } from '../../../../lib/session';
import { ExtraChargeFormModal } from './extra-charge-form-modal';
import { ExtraChargesTable } from './extra-charges-table';
import { FeeHistoryTable } from './fee-history-table';
import { FeeTermsFormModal } from './fee-terms-form-modal';
import { FeeTermsSummary } from './fee-terms-summary';
import { useLatestUf } from './latest-uf';

/**
 * 'Honorarios' on a company's page (owners: 'billing:read'): the terms in force, the form to change
 * them from a month, their history, and the extra charges. Nothing for anyone else.
 */
export function BusinessFeesSection({ businessId }: { businessId: number }) {
  const user = useCurrentUser();
  if (!can(user, 'billing:read')) return null;
  return <FeesSection businessId={businessId} mayChange={can(user, 'billing:manage')} />;
}

function FeesSection({ businessId, mayChange }: { businessId: number; mayChange: boolean }) {
  const terms = useFeeTerms(businessId);
  const uf = useLatestUf();
  const [termsOpen, setTermsOpen] = useState(false);
  // The extra charge's form: closed, adding a new one, or editing one.
  const [extraForm, setExtraForm] = useState<{ extra: ExtraCharge | null } | null>(null);
  const current = terms.data?.current ?? null;

  return (
    <Card withBorder component="section" aria-labelledby="honorarios">
      <Stack>
        <Group justify="space-between">
          <Title order={3} id="honorarios">
            Honorarios
          </Title>
          <Group gap="xs">
            <Button component={Link} to={`/cobranza/empresa/${businessId}`} size="sm" variant="default">
              Ver estado de cuenta
            </Button>
            {mayChange && (
              <Button
                size="sm"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setTermsOpen(true)}
                disabled={!terms.data}
              >
                {current || terms.data?.history.length ? 'Cambiar honorarios' : 'Definir honorarios'}
              </Button>
            )}
          </Group>
        </Group>
        {terms.isError ? (
          <LoadError title="No se pudieron cargar los honorarios" query={terms} />
        ) : !terms.data ? (
          <Text size="sm" c="dimmed">
            Cargando…
          </Text>
        ) : current ? (
          <FeeTermsSummary terms={current} uf={uf} />
        ) : (
          <Text size="sm" c="dimmed">
            La empresa no tiene honorarios vigentes este mes
          </Text>
        )}
        {terms.data && terms.data.history.length > 0 && (
          <>
            <Title order={4} size="h5">
              Historial de cambios
            </Title>
            <FeeHistoryTable history={terms.data.history} />
          </>
        )}
        <Group justify="space-between" mt="sm">
          <Title order={4} size="h5">
            Cobros adicionales
          </Title>
          {mayChange && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setExtraForm({ extra: null })}
            >
              Agregar cobro adicional
            </Button>
          )}
        </Group>
        <ExtraChargesTable
          businessId={businessId}
          onEdit={mayChange ? (extra) => setExtraForm({ extra }) : undefined}
        />
      </Stack>
      {terms.data && (
        <FeeTermsFormModal
          businessId={businessId}
          current={current ?? terms.data.history[0] ?? null}
          opened={termsOpen}
          onClose={() => setTermsOpen(false)}
        />
      )}
      <ExtraChargeFormModal
        businessId={businessId}
        extra={extraForm?.extra ?? null}
        opened={extraForm !== null}
        onClose={() => setExtraForm(null)}
      />
    </Card>
  );
}
