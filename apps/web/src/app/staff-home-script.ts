import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;

/**
 * The staff home's script (the board and the e-mail modal), loaded once. Home's route loader
 * awaits it for staff while the board's request travels, so the route renders the staff home at
 * once: a lazy component would first show its fallback, and React reveals the content that
 * replaces a fallback no sooner than 300 ms after the fallback showed.
 */
export async function loadStaffHome(): Promise<ComponentType> {
  const { StaffHome } = await import('./staff-home');
  loaded = StaffHome;
  return StaffHome;
}

/** The staff home when its script has already run (undefined before). */
export const loadedStaffHome = (): ComponentType | undefined => loaded;
