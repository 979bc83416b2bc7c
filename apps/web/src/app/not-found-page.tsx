import { msg } from '@app/shared/messages';
import { NotFoundState } from '../components/load-error';
import { PageHeader } from '../components/page-header';

/**
 * An address that names no screen: said plainly, with a way home, as a missing record is. (A
 * screen the user's role may not see still sends them Home, through its route guard.)
 */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title={msg.pageNotFound} crumbs={[]} />
      <NotFoundState title={msg.pageNotFoundText} back={{ to: '/', label: msg.backHome }} />
    </>
  );
}
