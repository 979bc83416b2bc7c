import { profileMsg } from '@app/shared/messages-profile';
import { timeMsg } from '@app/shared/messages-time';
import { secondFactorMsg, sessionsMsg } from '@app/shared/messages-trust';
import { can } from '@app/shared/permissions';
import { Loader, Paper, SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../../../api/users/get-me';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { MorningDigestSwitch } from '../components/morning-digest-switch';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SecondFactorSection } from '../components/second-factor-section';
import { SessionsSection } from '../components/sessions-section';
import { TimeReminderSwitch } from '../components/time-reminder-switch';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="lg" radius="md">
      <Title order={3} id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** 'Mi perfil': every role's own name, e-mail and password; staff's morning digest too. */
export function ProfilePage() {
  const me = useMe();
  const sessionUser = useCurrentUser();

  return (
    <>
      <PageHeader title={profileMsg.title} crumbs={[{ label: 'Inicio', to: '/' }, { label: profileMsg.title }]} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
        <Section id="datos-personales" title={profileMsg.personalData}>
          {me.data ? (
            <ProfileForm key={me.data.id} user={me.data} />
          ) : me.isError ? (
            <LoadError title={profileMsg.loadFailed} query={me} />
          ) : (
            <Loader size="sm" role="status" aria-label="Cargando" />
          )}
        </Section>
        <Section id="cambiar-contrasena" title={profileMsg.changePassword}>
          <PasswordForm email={me.data?.email ?? sessionUser.email} />
        </Section>
        {can(sessionUser, 'profile:digest') && (
          <Section id="resumen-diario" title={profileMsg.morningDigestTitle}>
            <MorningDigestSwitch />
          </Section>
        )}
        {can(sessionUser, 'time:track') && (
          <Section id="aviso-tiempo" title={timeMsg.remindTitle}>
            <TimeReminderSwitch />
          </Section>
        )}
        {can(sessionUser, 'tax-calendar:feed') && (
          <Section id="calendario-vencimientos" title="Calendario de vencimientos">
            <CalendarFeedSection />
          </Section>
        )}
        <Section id="verificacion-dos-pasos" title={secondFactorMsg.title}>
          <SecondFactorSection />
        </Section>
        <Section id="sesiones-activas" title={sessionsMsg.title}>
          <SessionsSection />
        </Section>
      </SimpleGrid>
    </>
  );
}
