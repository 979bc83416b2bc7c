import { activityMsg } from '@app/shared/messages-trust';
import { can } from '@app/shared/permissions';
import { Anchor, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRecentActivity } from '../../../api/activity/get-activity';
import { ActivityTable } from '../../../components/activity/activity-table';
import { businessActivityPath } from '../../../lib/activity-params';
import { useSession } from '../../../lib/session';

/** 'Actividad reciente', owners only: the company's last 10 entries and a link to all of them. */
export function BusinessActivitySection({ businessId }: { businessId: number }) {
  const session = useSession();
  if (!session || !can(session.user, 'activity:read')) return null;
  return <RecentActivity businessId={businessId} />;
}

function RecentActivity({ businessId }: { businessId: number }) {
  const recent = useRecentActivity(businessId);
  return (
    <section aria-labelledby="actividad-reciente">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="actividad-reciente">
          {activityMsg.recent}
        </Title>
        <Anchor component={Link} to={businessActivityPath(businessId)} size="sm">
          {activityMsg.seeAll}
        </Anchor>
      </Group>
      <ActivityTable entries={recent.data?.rows ?? []} query={recent} withBusiness={false} />
    </section>
  );
}
