import { Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';

interface Tip {
  element: HTMLElement;
  label: string;
}

/**
 * The board's one tooltip: it shows the `data-tooltip` text of whatever element of the table is
 * hovered or focused ('Javier P., 12-03-2026 10:41' on a cell). One Mantine Tooltip for the whole
 * table instead of one per cell keeps scrolling through 2,000 companies smooth. It follows its
 * element while the table scrolls, and hides once the element scrolls out of view or is unmounted.
 * An element marked `data-tooltip-truncated` (a company's name) shows its tooltip only while its
 * text is cut short.
 */
export function BoardTooltip({ container }: { container: HTMLElement | null }) {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const root = container;
    if (!root) return;
    const show = (event: Event) => {
      const element = (event.target as Element | null)?.closest<HTMLElement>('[data-tooltip]');
      const truncated = element && 'tooltipTruncated' in element.dataset;
      const label = truncated && element.scrollWidth <= element.clientWidth ? undefined : element?.dataset.tooltip;
      setTip((current) => {
        if (!element || !label) return null;
        return current?.element === element && current.label === label ? current : { element, label };
      });
    };
    const hide = () => setTip(null);
    root.addEventListener('mouseover', show);
    root.addEventListener('focusin', show);
    root.addEventListener('mouseleave', hide);
    root.addEventListener('focusout', hide);
    return () => {
      root.removeEventListener('mouseover', show);
      root.removeEventListener('focusin', show);
      root.removeEventListener('mouseleave', hide);
      root.removeEventListener('focusout', hide);
    };
  }, [container]);

  return tip ? <Tooltip label={tip.label} target={tip.element} opened withinPortal /> : null;
}
