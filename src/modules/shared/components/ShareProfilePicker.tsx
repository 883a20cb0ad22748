import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ShareProfileOption, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { RadioCard } from '../../../ui/Radio.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../hooks/ServicesContext.ts';
import { useLoad } from '../hooks/useLoad.ts';

type Props = {
  value: ShareProfileOption | null;
  onChange: (profile: ShareProfileOption) => void;
};

/** The share-profile picker (the profiles of get_user_static_data/, a cancellable load). */
export function ShareProfilePicker({ value, onChange }: Props) {
  const api = useServices().workflowApi;
  const staticData = useLoad<null, WorkflowAnswers['get_user_static_data']>(
    (_input, signal) => api.getUserStaticData(signal),
    'staticData',
  );
  const { load } = staticData;
  useEffect(() => load(null), [load]);

  if (staticData.status === 'failure' && staticData.error) {
    return (
      <StatePanel compact kind="error" title="Your share profiles could not be loaded">
        {staticData.error.message}
      </StatePanel>
    );
  }
  if (!staticData.data) return <StatePanel compact kind="loading" title="Loading your share profiles…" />;
  const profiles = staticData.data.data.share_profiles;
  if (profiles.length === 0) {
    return (
      <StatePanel compact kind="empty" title="No share profiles yet">
        Share profiles are set up in <Link {...areaLinks.settings}>Settings</Link>.
      </StatePanel>
    );
  }
  return (
    <div role="radiogroup" aria-label="Share profiles" className="automation-options">
      {profiles.map((profile) => (
        <RadioCard
          key={profile.sp_uuid}
          className={`automation-option${value?.sp_uuid === profile.sp_uuid ? ' automation-option--selected' : ''}`}
          inputClassName="automation-option__input"
          name="share-profile"
          checked={value?.sp_uuid === profile.sp_uuid}
          onChange={() => onChange(profile)}
        >
          <span className="automation-option__name">{profile.name}</span>
        </RadioCard>
      ))}
    </div>
  );
}
