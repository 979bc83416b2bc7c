import { can, isStaff } from '@app/shared/permissions';
import { AppShell, Burger, FocusTrap, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import 'dayjs/locale/es';
import { IconChevronDown, IconDatabaseExport, IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useLogout } from '../../api/auth/logout';
import { useEmailStatus } from '../../api/email/get-email-status';
import { MailNotConfiguredBanner } from '../../components/mail-status-alerts';
import { PrivacyNoticeFooter } from '../../features/data-protection/components/privacy-notice-footer';
import { PrivacyNoticeGate } from '../../features/data-protection/components/privacy-notice-gate';
import {
  MessagesLive,
  UNREAD_MESSAGES_DESCRIPTION_ID,
  UnreadMessagesBadge,
} from '../../features/messages/components/messages-live';
import {
  StaffRequestsLive,
  TO_REVIEW_DESCRIPTION_ID,
  ToReviewMenuBadge,
} from '../../features/requests/components/staff-requests-live';
import { HeaderTimer } from '../../features/time/components/header-timer';
import { useCurrentUser } from '../../lib/session';
import { NAV_ENTRIES } from '../navigation';
import classes from './app-layout.module.css';
import { useFocusTitleOnNavigate } from './use-focus-title-on-navigate';

/** At this width and below the menu becomes a drawer (the app's mobile threshold, 700 px). */
const MOBILE_MAX_PX = 700;
const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_PX}px)`;
// Mantine treats widths below its breakpoint as mobile, so the breakpoint sits one pixel above.
const NAVBAR_BREAKPOINT = `${(MOBILE_MAX_PX + 1) / 16}em`;

export function AppLayout() {
  const user = useCurrentUser();
  const emailStatus = useEmailStatus();
  const fullName = `${user.name} ${user.lastName}`.trim();
  const logout = useLogout();
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const opened = isMobile ? mobileOpened : desktopOpened;
  const toggle = isMobile ? mobile.toggle : desktop.toggle;
  const burgerRef = useRef<HTMLButtonElement>(null);
  // The phone's drawer covers the page: while open it holds the focus, and Escape closes it.
  const drawerOpen = isMobile && mobileOpened;
  const closeDrawer = () => {
    mobile.close();
    burgerRef.current?.focus();
  };
  useFocusTitleOnNavigate();

  // Staff see the documents clients sent and nobody reviewed yet, live.
  const seesRequests = can(user, 'requests:manage');
  // Everyone with a thread (staff, and clients their company's) sees new messages live.
  const seesMessages = can(user, 'messages:use');
  // The client portal asks for the firm's privacy notice to be read first, and links it at the foot.
  const isClient = !isStaff(user.role);

  const isActive = (path: string) =>
    path === '/' ? location.pathname === '/' : location.pathname === path || location.pathname.startsWith(`${path}/`);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: 250,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <a href="#contenido" className={classes.skipLink}>
          Saltar al contenido
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={opened ? 'Ocultar menú' : 'Mostrar menú'}
              aria-expanded={opened}
              aria-controls="menu-principal"
            />
            <Text fw={700} size="lg" visibleFrom="xs">
              Estudio Contable
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {can(user, 'time:track') && <HeaderTimer />}
            <Menu position="bottom-end" withArrow>
              <Menu.Target>
                {/* The name starts with what it shows (WCAG 2.5.3), so voice control users can say it. */}
                <UnstyledButton aria-label={fullName ? `${fullName}, menú de usuario` : 'Menú de usuario'}>
                  <Group gap={6} wrap="nowrap">
                    <IconUserCircle size={22} />
                    <Text size="sm" fw={500} truncate maw={{ base: 110, sm: 200 }}>
                      {fullName}
                    </Text>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/perfil" leftSection={<IconUser size={16} />}>
                  Mi perfil
                </Menu.Item>
                {can(user, 'backup:download') && (
                  <Menu.Item component={Link} to="/respaldo" leftSection={<IconDatabaseExport size={16} />}>
                    Respaldo
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
                  Cerrar sesión
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      {/* A collapsed menu slides out of view; inert keeps its links out of the tab order too. */}
      <AppShell.Navbar
        id="menu-principal"
        p="xs"
        aria-label="Menú principal"
        inert={!opened}
        onKeyDown={(event) => {
          if (drawerOpen && event.key === 'Escape') closeDrawer();
        }}
      >
        {/* Tab and Shift+Tab go round the drawer's links, never into the page hidden behind it. */}
        <FocusTrap active={drawerOpen}>
          <ScrollArea>
            {NAV_ENTRIES.filter((entry) => entry.visibleTo(user)).map((entry) => (
              <NavLink
                key={entry.path}
                className={classes.navLink}
                component={RouterNavLink}
                to={entry.path}
                label={entry.label}
                leftSection={<entry.icon size={18} stroke={1.6} />}
                active={isActive(entry.path)}
                onClick={() => isMobile && mobile.close()}
                {...(seesRequests && entry.path === '/documentos'
                  ? {
                      // Named by what it shows ('Documentos 5'), the count spelt out as its description.
                      'aria-describedby': TO_REVIEW_DESCRIPTION_ID,
                      rightSection: <ToReviewMenuBadge />,
                    }
                  : {})}
                {...(seesMessages && entry.path === '/mensajes'
                  ? { 'aria-describedby': UNREAD_MESSAGES_DESCRIPTION_ID, rightSection: <UnreadMessagesBadge /> }
                  : {})}
              />
            ))}
          </ScrollArea>
        </FocusTrap>
      </AppShell.Navbar>

      {seesRequests && <StaffRequestsLive />}
      {seesMessages && <MessagesLive />}
      <AppShell.Main id="contenido" tabIndex={-1} inert={drawerOpen}>
        {/* Dates, confirmation modals and toasts live only behind sign-in: the sign-in page loads none of them. */}
        <DatesProvider settings={{ locale: 'es' }}>
          <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
            {/* Top centre: over the page title, never over a modal's buttons or the menus at the sides.
                A pointer resting on one toast keeps that one open, not every toast (Mantine's default):
                the others close and the ones waiting behind the limit of four appear. */}
            <Notifications position="top-center" limit={4} pauseResetOnHover="notification" />
            {/* Owners only, while SMTP_URL is unset: every e-mail is only kept in the server's outbox. */}
            <MailNotConfiguredBanner status={emailStatus} mb="md" />
            {isClient ? (
              <>
                <PrivacyNoticeGate>
                  <Outlet />
                </PrivacyNoticeGate>
                <PrivacyNoticeFooter />
              </>
            ) : (
              <Outlet />
            )}
          </ModalsProvider>
        </DatesProvider>
      </AppShell.Main>
    </AppShell>
  );
}
