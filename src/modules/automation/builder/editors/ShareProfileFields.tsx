import { decodeNumericReferences } from '../../../../../domain/decodeNumericReferences.ts';
import { encodeEmojiReferences } from '../../../../../domain/encodeEmojiReferences.ts';
import type { ShareProfileConfig } from '../../../../../domain/workflowTypes.ts';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { optionsState } from '../../../shared/components/optionsState.tsx';
import { useEditorStaticData } from './EditorStaticDataContext.ts';
import { PERSONALITY_METRICS } from './personalityMetrics.ts';
import { EMPTY_SHARE_PROFILE, SEND_PLATFORMS, SHARE_PROFILE_PLACEHOLDERS } from './shareProfileDefaults.ts';

type Props = {
  value: ShareProfileConfig | null | undefined;
  onChange: (next: ShareProfileConfig, field: keyof ShareProfileConfig) => void;
  /** Ends the current undo step (a text field left). */
  onFieldDone: () => void;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailError(value: string): string | undefined {
  return value && !EMAIL_PATTERN.test(value.trim())
    ? 'Enter an email address like name@example.com.'
    : undefined;
}

/**
 * The share profile configuration of a send-email step: template, personality
 * metrics, sender name, send from, subject, reply to, initials, signature and send platform. Unset
 * choices show the placeholders "Select a template" and "Select signature". The subject is stored with
 * emojis as numeric character references (as it is sent) and shown decoded.
 */
export function ShareProfileFields({ value, onChange, onFieldDone }: Props) {
  const staticData = useEditorStaticData();
  const config = value ?? EMPTY_SHARE_PROFILE;
  const set = <K extends keyof ShareProfileConfig>(key: K, next: ShareProfileConfig[K]) =>
    onChange({ ...config, [key]: next }, key);
  const data = staticData.data?.data;
  const state = optionsState({
    status: staticData.status,
    hasData: data !== undefined,
    error: staticData.error,
    noun: 'templates and signatures',
    onRetry: () => staticData.load(undefined),
  });
  const text = (key: 'senderName' | 'sendFrom' | 'replyTo' | 'initials', label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={config[key]}
      maxLength={key === 'initials' ? 10 : 320}
      error={key === 'sendFrom' || key === 'replyTo' ? emailError(config[key]) : undefined}
      onChange={(event) => set(key, event.target.value)}
      onBlur={onFieldDone}
    />
  );

  return (
    <fieldset className="node-editor__fieldset">
      <legend>Share profile configuration</legend>
      {state}
      {data ? (
        <Select
          label="Template"
          value={config.template ?? ''}
          options={[
            { value: '', label: SHARE_PROFILE_PLACEHOLDERS.template, disabled: config.template !== null },
            ...data.templates.map((template) => ({ value: template.id, label: template.name })),
          ]}
          onChange={(event) => set('template', event.target.value || null)}
        />
      ) : null}
      <fieldset className="node-editor__fieldset node-editor__fieldset--inner">
        <legend>Personality metrics</legend>
        {PERSONALITY_METRICS.map((metric) => (
          <Checkbox
            key={metric.code}
            label={`${metric.label} (${metric.code})`}
            checked={config.personalityMetrics.includes(metric.code)}
            onChange={(event) =>
              set(
                'personalityMetrics',
                event.target.checked
                  ? PERSONALITY_METRICS.map((m) => m.code).filter(
                      (code) => code === metric.code || config.personalityMetrics.includes(code),
                    )
                  : config.personalityMetrics.filter((code) => code !== metric.code),
              )
            }
          />
        ))}
      </fieldset>
      {text('senderName', 'Sender name')}
      {text('sendFrom', 'Send from', 'email')}
      <TextField
        label="Email subject"
        value={decodeNumericReferences(config.emailSubject)}
        onChange={(event) => set('emailSubject', encodeEmojiReferences(event.target.value))}
        onBlur={onFieldDone}
      />
      {text('replyTo', 'Reply to', 'email')}
      {text('initials', 'Initials')}
      {data ? (
        <Select
          label="Signature"
          value={config.signature ?? ''}
          options={[
            { value: '', label: SHARE_PROFILE_PLACEHOLDERS.signature, disabled: config.signature !== null },
            ...data.signatures.map((signature) => ({ value: signature.id, label: signature.name })),
          ]}
          onChange={(event) => set('signature', event.target.value || null)}
        />
      ) : null}
      <Select
        label="Send platform"
        value={config.sendPlatform}
        options={[
          { value: '', label: 'Select a platform', disabled: config.sendPlatform !== '' },
          ...SEND_PLATFORMS.map((platform) => ({ value: platform, label: platform })),
        ]}
        onChange={(event) => set('sendPlatform', event.target.value)}
      />
    </fieldset>
  );
}
