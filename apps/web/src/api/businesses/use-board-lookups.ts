import { useGroups } from '../groups/get-groups';
import { useResponsibleOptions } from './get-responsible-options';

/**
 * What a board's filters offer beside its month: the staff for 'Encargado' and the company groups
 * (each undefined while it loads).
 */
export function useBoardLookups() {
  const staff = useResponsibleOptions().data;
  const groups = useGroups().data;
  return { staff, groups };
}
