import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ShareProfileOption, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../hooks/ServicesContext.ts';
import { useLoad } from '../hooks/useLoad.ts';
import { OptionList } from './OptionList.tsx';

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
    <OptionList
      rows={profiles}
      rowKey={(profile) => profile.sp_uuid}
      label="Share profiles"
      variant="cards"
      selectedKey={value?.sp_uuid ?? null}
      onChoose={onChange}
      render={(profile) => ({ name: profile.name })}
    />
  );
}
