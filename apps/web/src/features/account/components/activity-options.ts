import type { ActivityArea } from '@outils/contracts';
import type { SelectOption } from '../../../components/ui/form';
import { NO_ACTIVITY } from '../texts';

/** 'Aucun' (id 'null') first, then the server's activity areas (docs/product/rules.md#R59). */
export function activityOptions(activities: ActivityArea[] | undefined): SelectOption[] {
  return [NO_ACTIVITY, ...(activities ?? []).map((a) => ({ value: String(a.id), label: a.name }))];
}
