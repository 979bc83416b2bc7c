import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { RecoverPasswordPage } from '../features/auth/pages/recover-password-page';
import { useCredentials } from '../features/companies/api/get-credentials';
import { BusinessDetailPage } from '../features/companies/pages/business-detail-page';
import { BusinessesPage } from '../features/companies/pages/businesses-page';
import { SendEmailModal } from '../features/email/components/send-email-modal';
import { EmailPage } from '../features/email/pages/email-page';
import { GroupDetailPage } from '../features/groups/pages/group-detail-page';
import { GroupsPage } from '../features/groups/pages/groups-page';
import { HomePage } from '../features/home/pages/home-page';
import { MonthlyBoard } from '../features/monthly-board/components/monthly-board';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { ServiceDetailPage } from '../features/services/pages/service-detail-page';
import { ServicesPage } from '../features/services/pages/services-page';
import { UsersPage } from '../features/users/pages/users-page';
import { PrivateRoute, PublicOnlyRoute } from './guards';
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

/** The route map of spec 1 §2.1: public routes, then private ones with their role lists. */
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
              { path: '/', element: <HomePage staffView={homeStaffView} /> },
              // Every role, clients included, edits their own profile (DESIGN.md §6).
              { path: '/perfil', element: <ProfilePage /> },
              {
                element: <PrivateRoute roles={['owner']} />,
                children: [
                  { path: '/usuarios', element: <UsersPage /> },
                  { path: '/servicios', element: <ServicesPage /> },
                  { path: '/servicios/:id', element: <ServiceDetailPage /> },
                  { path: '/grupos-empresas/:groupId', element: <GroupDetailPage /> },
                  { path: '/email', element: <EmailPage /> },
                ],
              },
              {
                element: <PrivateRoute roles={['owner', 'collaborator']} />,
                children: [
                  { path: '/empresas', element: <BusinessesPage /> },
                  { path: '/empresas/:id', element: <BusinessDetailPage /> },
                  { path: '/grupos-empresas', element: <GroupsPage /> },
                ],
              },
              { path: '*', element: <NotFoundRedirect /> },
            ],
          },
        ],
      },
    ],
  },
]);
