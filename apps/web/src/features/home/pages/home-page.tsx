import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';

export function HomePage() {
  const user = useCurrentUser();
  return (
    <PageHeader
      title={`Hola ${user.name}! Bienvenido/a de nuevo`}
      crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Vista mensual' }]}
    />
  );
}
