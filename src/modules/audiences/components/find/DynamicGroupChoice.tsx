import { groupKey, groupLabel, type PickGroup } from '../../../../../domain/peoplePicks.ts';
import type { AudienceFit } from '../../../../../domain/recommendedPeople.ts';
import { Button } from '../../../../ui/Button.tsx';

type Props = { fit: AudienceFit; chosen: PickGroup | null; onChoose: (group: PickGroup | null) => void };

/** The dynamic groups on offer: the list's industries and roles (its fit); one is opened at a time. */
export function DynamicGroupChoice({ fit, chosen, onChoose }: Props) {
  const groups: PickGroup[] = [
    ...fit.industries.map((value) => ({ kind: 'dynamic' as const, category: 'industry' as const, value })),
    ...fit.designations.map((value) => ({
      kind: 'dynamic' as const,
      category: 'designations' as const,
      value,
    })),
  ];
  if (groups.length === 0) return null;
  const chosenKey = chosen ? groupKey(chosen) : null;
  return (
    <section className="find-people__dynamic" aria-labelledby="dynamic-groups-title">
      <h2 id="dynamic-groups-title">Groups like the list</h2>
      <p>Everyone of an industry or a role the list's members have, as the group is when you add them.</p>
      <div className="find-people__dynamic-options">
        {groups.map((group) => {
          const key = groupKey(group);
          const on = key === chosenKey;
          return (
            <Button
              key={key}
              size="sm"
              variant={on ? 'primary' : 'secondary'}
              aria-pressed={on}
              onClick={() => onChoose(on ? null : group)}
            >
              {groupLabel(group)}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
