import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { billingLoaderRerunsFor } from '../lib/billing-tab-param';
import { PrivateRoute, PublicOnlyRoute } from './guards';
import { mayViewCalendar } from './route-access';

/**
 * A screen loaded the first time it is visited (the sign-in page loads nothing else): the module
 * and the name of the page component it exports.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/*
 * The boards' loaders, and /cobranza's, start their month's request as the navigation starts
 * (app/board-loaders.ts, app/billing-loader.ts); they are scripts of their own so that the sign-in
 * page does not load what they need.
 */

function Root() {
  return (
    <>
      {/* Every navigation starts at the top of the page. */}
      <ScrollRestoration getKey={(location) => location.key} />
      <Outlet />
    </>
  );
}

const businessDocuments = page(
  () => import('./documents-routes'),
  (m) => m.BusinessDocumentsRoute,
);

/** The route map: public routes, then private ones with their permissions. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          {
            path: '/login',
            ...page(
              () => import('../features/auth/pages/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/recuperar-contraseña/:token?',
            ...page(
              () => import('../features/auth/pages/recover-password-page'),
              (m) => m.RecoverPasswordPage,
            ),
          },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            ...page(
              () => import('./shell/app-layout'),
              (m) => m.AppLayout,
            ),
            children: [
              {
                path: '/',
                ...page(
                  () => import('./home-route'),
                  (m) => m.HomeRoute,
                ),
                loader: (args) => import('./board-loaders').then((loaders) => loaders.monthlyBoardLoader(args)),
              },
              // Every role, clients included, edits their own profile.
              {
                path: '/perfil',
                ...page(
                  () => import('../features/profile/pages/profile-page'),
                  (m) => m.ProfilePage,
                ),
              },
              // Each screen asks for a permission of the shared table; without it the user goes Home.
              {
                element: <PrivateRoute permission="messages:use" />,
                children: [
                  {
                    path: '/mensajes',
                    ...page(
                      () => import('../features/messages/pages/messages-page'),
                      (m) => m.MessagesPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="messages:inbox" />,
                children: [
                  {
                    path: '/mensajes/empresa/:businessId',
                    ...page(
                      () => import('../features/messages/pages/messages-page'),
                      (m) => m.MessagesPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="users:manage" />,
                children: [
                  {
                    path: '/usuarios',
                    ...page(
                      () => import('../features/users/pages/users-page'),
                      (m) => m.UsersPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="services:write" />,
                children: [
                  {
                    path: '/servicios',
                    ...page(
                      () => import('../features/services/pages/services-page'),
                      (m) => m.ServicesPage,
                    ),
                  },
                  {
                    path: '/servicios/:id',
                    ...page(
                      () => import('../features/services/pages/service-detail-page'),
                      (m) => m.ServiceDetailPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="businesses:read" />,
                children: [
                  {
                    path: '/empresas',
                    ...page(
                      () => import('../features/businesses/pages/businesses-page'),
                      (m) => m.BusinessesPage,
                    ),
                  },
                  {
                    path: '/empresas/:id',
                    ...page(
                      () => import('./business-routes'),
                      (m) => m.BusinessDetailRoute,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="groups:read" />,
                children: [
                  {
                    path: '/grupos-empresas',
                    ...page(
                      () => import('../features/groups/pages/groups-page'),
                      (m) => m.GroupsPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="groups:write" />,
                children: [
                  {
                    path: '/grupos-empresas/:groupId',
                    ...page(
                      () => import('../features/groups/pages/group-detail-page'),
                      (m) => m.GroupDetailPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="tasks:write" />,
                children: [
                  {
                    path: '/tareas',
                    ...page(
                      () => import('../features/tasks/pages/tasks-page'),
                      (m) => m.TasksPage,
                    ),
                  },
                  {
                    path: '/tareas/:taskId',
                    ...page(
                      () => import('../features/tasks/pages/task-detail-page'),
                      (m) => m.TaskDetailPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="documents:manage" />,
                children: [
                  {
                    path: '/documentos',
                    ...page(
                      () => import('../features/documents/pages/documents-page'),
                      (m) => m.DocumentsPage,
                    ),
                  },
                  { path: '/documentos/empresa/:businessId', ...businessDocuments },
                  { path: '/documentos/empresa/:businessId/carpeta/:folderId', ...businessDocuments },
                ],
              },
              // Document requests of every company, by month.
              {
                element: <PrivateRoute permission="requests:manage" />,
                children: [
                  {
                    path: '/solicitudes',
                    ...page(
                      () => import('../features/requests/pages/requests-page'),
                      (m) => m.RequestsPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="panel:read" />,
                children: [
                  {
                    path: '/panel',
                    ...page(
                      () => import('../features/panel/pages/panel-page'),
                      (m) => m.PanelPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="tax-calendar:read" />,
                children: [
                  {
                    path: '/calendario-tributario',
                    ...page(
                      () => import('../features/tax-calendar/pages/tax-calendar-page'),
                      (m) => m.TaxCalendarPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="tax-calendar:manage" />,
                children: [
                  {
                    path: '/calendario-tributario/at/:year',
                    ...page(
                      () => import('../features/tax-calendar/pages/tax-year-page'),
                      (m) => m.TaxYearPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="time:track" />,
                children: [
                  {
                    path: '/tiempo',
                    ...page(
                      () => import('../features/time/pages/time-page'),
                      (m) => m.TimePage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute allow={mayViewCalendar} />,
                children: [
                  {
                    path: '/calendario',
                    ...page(
                      () => import('../features/calendar/pages/calendar-page'),
                      (m) => m.CalendarPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="documents:own" />,
                children: [
                  {
                    path: '/carpeta/:folderId/año/:year/mes/:month',
                    ...page(
                      () => import('./documents-routes'),
                      (m) => m.ClientDocumentsRoute,
                    ),
                  },
                ],
              },
              // Client approvals: the company's client answers, staff follow; each page checks the company.
              {
                element: <PrivateRoute permission="approvals:read" />,
                children: [
                  {
                    path: '/aprobaciones/:id',
                    ...page(
                      () => import('../features/approvals/pages/approval-page'),
                      (m) => m.ApprovalPage,
                    ),
                  },
                  {
                    path: '/aprobaciones/:id/certificado',
                    ...page(
                      () => import('../features/approvals/pages/certificate-page'),
                      (m) => m.CertificatePage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="task-states:read" />,
                children: [
                  {
                    path: '/seguimiento-tareas',
                    ...page(
                      () => import('../features/task-board/pages/task-board-page'),
                      (m) => m.TaskBoardPage,
                    ),
                    loader: (args) => import('./board-loaders').then((loaders) => loaders.taskBoardLoader(args)),
                  },
                ],
              },
              // Owners see every note; a collaborator only theirs; clients go Home.
              {
                element: <PrivateRoute permission="notes:read" />,
                children: [
                  {
                    path: '/notas',
                    ...page(
                      () => import('../features/notes/pages/notes-page'),
                      (m) => m.NotesPage,
                    ),
                  },
                ],
              },
              {
                element: <PrivateRoute permission="email:manage" />,
                children: [
                  {
                    path: '/email',
                    ...page(
                      () => import('../features/email/pages/email-page'),
                      (m) => m.EmailPage,
                    ),
                  },
                ],
              },
              // Honorarios y cobranza: the month's charges, UF values and collections; owners only.
              {
                element: <PrivateRoute permission="billing:read" />,
                children: [
                  {
                    path: '/cobranza',
                    ...page(
                      () => import('./billing-routes'),
                      (m) => m.BillingRoute,
                    ),
                    loader: (args) => import('./billing-loader').then((loaders) => loaders.billingLoader(args)),
                    shouldRevalidate: billingLoaderRerunsFor,
                  },
                  {
                    path: '/cobranza/empresa/:businessId',
                    ...page(
                      () => import('../features/billing/pages/statement-page'),
                      (m) => m.StatementPage,
                    ),
                  },
                ],
              },
              // Actividad: who did what, when and from where; owners only.
              {
                element: <PrivateRoute permission="activity:read" />,
                children: [
                  {
                    path: '/actividad',
                    ...page(
                      () => import('../features/activity/pages/activity-page'),
                      (m) => m.ActivityPage,
                    ),
                  },
                ],
              },
              // 'Buscar titular' (a data subject's rights): owners only.
              {
                element: <PrivateRoute permission="data-subjects:search" />,
                children: [
                  {
                    path: '/proteccion-datos/titular',
                    ...page(
                      () => import('../features/data-subjects/pages/subject-page'),
                      (m) => m.SubjectPage,
                    ),
                  },
                ],
              },
              // The owner's 'Respaldo' (user menu): a backup download after the password again.
              {
                element: <PrivateRoute permission="backup:download" />,
                children: [
                  {
                    path: '/respaldo',
                    ...page(
                      () => import('../features/backup/pages/backup-page'),
                      (m) => m.BackupPage,
                    ),
                  },
                ],
              },
              {
                path: '*',
                ...page(
                  () => import('./not-found-page'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
]);
