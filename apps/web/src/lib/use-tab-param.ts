import { useSearchParams } from 'react-router';

/**
 * The tab of a page of tabs, kept in the address (`?vista=…`; none means the first tab), so that a
 * reload, Back or a shared link opens the same one. Answers the tab and the Tabs' onChange, which
 * replaces the entry (switching tabs adds no history) and keeps the other parameters.
 */
export function useTabParam<Tab extends string>(
  tabs: Record<Tab, string>,
  first: NoInfer<Tab>,
  param = 'vista',
): [Tab, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const tab = asked !== null && Object.hasOwn(tabs, asked) ? (asked as Tab) : first;
  const setTab = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next && next !== first) updated.set(param, next);
        else updated.delete(param);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}
