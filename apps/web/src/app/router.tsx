import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { RecoverPasswordPage } from '../features/auth/pages/recover-password-page';
import { CalendarPage } from '../features/calendar/pages/calendar-page';
import { useCredentials } from '../features/companies/api/get-credentials';
import { BusinessDetailPage } from '../features/companies/pages/business-detail-page';
import { BusinessesPage } from '../features/companies/pages/businesses-page';
import { BusinessDocumentsPage } from '../features/documents/pages/business-documents-page';
import { ClientDocumentsView } from '../features/documents/pages/client-documents-view';
import { DocumentsPage } from '../features/documents/pages/documents-page';
import { SendEmailModal } from '../features/email/components/send-email-modal';
import { EmailPage } from '../features/email/pages/email-page';
import { GroupDetailPage } from '../features/groups/pages/group-detail-page';
import { GroupsPage } from '../features/groups/pages/groups-page';
import { HomePage } from '../features/home/pages/home-page';
import { MonthlyBoard } from '../features/monthly-board/components/monthly-board';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { ServiceDetailPage } from '../features/services/pages/service-detail-page';
import { ServicesPage } from '../features/services/pages/services-page';
import { TaskBoardPage } from '../features/task-board/pages/task-board-page';
import { TaskDetailPage } from '../features/tasks/pages/task-detail-page';
import { TasksPage } from '../features/tasks/pages/tasks-page';
import { UsersPage } from '../features/users/pages/users-page';
import { PrivateRoute, PublicOnlyRoute } from './guards';
import { mayViewCalendar } from './navigation';
import { NotFoundRedirect } from './not-found-redirect';
import { AppLayout } from './shell/app-layout';

function Root() {
  return (
    <>
      {/* Every navigation starts at the top of the page (spec 1 §2.1). */}
      <ScrollRestoration getKey={(location) => location.key} />
      <Outlet />
    </>
  );
}

/**
 * Home's monthly view, composed here because features do not import each other: the board shows
 * the credentials of the companies feature and the send-e-mail modal of the e-mail feature.
 */
const homeStaffView = <MonthlyBoard useCredentials={useCredentials} SendEmailModal={SendEmailModal} />;

/** The route map of spec 1 §2.1: public routes, then private ones with their permissions. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/recuperar-contraseña/:token?', element: <RecoverPasswordPage /> },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <HomePage staffView={homeStaffView} clientView={<ClientDocumentsView />} /> },
              // Every role, clients included, edits their own profile (DESIGN.md §6).
              { path: '/perfil', element: <ProfilePage /> },
              // Each screen asks for a permission of the shared table (DESIGN.md §6; spec 1 §2.1).
              {
                element: <PrivateRoute permission="users:manage" />,
                children: [{ path: '/usuarios', element: <UsersPage /> }],
              },
              {
                element: <PrivateRoute permission="services:write" />,
                children: [
                  { path: '/servicios', element: <ServicesPage /> },
                  { path: '/servicios/:id', element: <ServiceDetailPage /> },
                ],
              },
              {
                element: <PrivateRoute permission="companies:read" />,
                children: [
                  { path: '/empresas', element: <BusinessesPage /> },
                  { path: '/empresas/:id', element: <BusinessDetailPage /> },
                ],
              },
              {
                element: <PrivateRoute permission="groups:read" />,
                children: [{ path: '/grupos-empresas', element: <GroupsPage /> }],
              },
              {
                element: <PrivateRoute permission="groups:write" />,
                children: [{ path: '/grupos-empresas/:groupId', element: <GroupDetailPage /> }],
              },
              {
                element: <PrivateRoute permission="tasks:write" />,
                children: [
                  { path: '/tareas', element: <TasksPage /> },
                  { path: '/tareas/:taskId', element: <TaskDetailPage /> },
                ],
              },
              {
                element: <PrivateRoute permission="documents:manage" />,
                children: [
                  { path: '/documentos', element: <DocumentsPage /> },
                  { path: '/documentos/empresa/:businessId', element: <BusinessDocumentsPage /> },
                  { path: '/documentos/empresa/:businessId/carpeta/:folderId', element: <BusinessDocumentsPage /> },
                ],
              },
              {
                element: <PrivateRoute allow={mayViewCalendar} />,
                children: [{ path: '/calendario', element: <CalendarPage /> }],
              },
              {
                element: <PrivateRoute permission="documents:own" />,
                children: [{ path: '/carpeta/:folderId/año/:year/mes/:month', element: <ClientDocumentsView /> }],
              },
              {
                element: <PrivateRoute permission="task-states:read" />,
                children: [{ path: '/seguimiento-tareas', element: <TaskBoardPage /> }],
              },
              {
                element: <PrivateRoute permission="email:manage" />,
                children: [{ path: '/email', element: <EmailPage /> }],
              },
              { path: '*', element: <NotFoundRedirect /> },
            ],
          },
        ],
      },
    ],
  },
]);
