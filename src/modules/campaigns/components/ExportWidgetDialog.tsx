import { type FormEvent, useEffect, useState } from 'react';
import {
  type ExportWidgetSettings,
  MAX_PROMOTION_CODE_LENGTH,
  MAX_PROMOTION_CODES,
  parsePromotionCodes,
} from '../../../../domain/promotionCodes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FieldFrame } from '../../../ui/FieldFrame.tsx';
import { Form } from '../../../ui/Form.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { CopyableCode } from '../../shared/components/CopyableCode.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  campaignId: number;
  open: boolean;
  /** The signed-in user has export_widget_permission. */
  allowed: boolean;
  onClose: () => void;
};

const CODES_FORM = 'export-widget-codes';

function showAnswer(
  answer: ExportWidgetSettings | null,
  setCurrent: (value: ExportWidgetSettings) => void,
  setCodes: (value: string) => void,
): void {
  if (!answer) return;
  setCurrent(answer);
  setCodes(answer.promotion_codes.join('\n'));
}

/**
 * The promo export widget of a campaign (opened with ?exportPopup=true on the campaign's page): the
 * promotion codes it shows, edited one per line and checked as the server checks them, and the snippet a
 * website pastes in, with a copy button. Without export_widget_permission it says so and asks nothing.
 */
export function ExportWidgetDialog({ campaignId, open, allowed, onClose }: Props) {
  const api = useServices().publishApi;
  const settings = useLoad<number, ExportWidgetSettings>(
    (id, signal) => api.getExportWidget(id, signal),
    'exportWidget',
  );
  const save = useRequest<string[], ExportWidgetSettings>(
    (codes, signal) => api.saveExportWidget({ campaignId, promotionCodes: codes }, signal),
    'saveExportWidget',
  );
  const [codes, setCodes] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { load } = settings;
  const { reset } = save;

  useEffect(() => {
    if (open && allowed) load(campaignId);
  }, [open, allowed, campaignId, load]);
  useEffect(() => {
    if (!open) {
      reset();
      setFieldError(null);
    }
  }, [open, reset]);
  // What the server has now: the widget as loaded, then as each save answered.
  const [current, setCurrent] = useState<ExportWidgetSettings | null>(null);
  const loaded = settings.data;
  const saved = save.data;
  useEffect(() => showAnswer(loaded, setCurrent, setCodes), [loaded]);
  useEffect(() => showAnswer(saved, setCurrent, setCodes), [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePromotionCodes(codes);
    if (!parsed.ok) return setFieldError(parsed.message);
    setFieldError(null);
    save.submit(parsed.codes);
  };
  const body = () => {
    if (!allowed)
      return (
        <Alert tone="info" title="You do not have the export widget permission">
          The promo export widget puts this campaign's latest edition and its promotion codes on a website.
          Ask an administrator of your organisation to give you the export widget permission.
        </Alert>
      );
    if (!current) {
      if (settings.status === 'failure' && settings.error)
        return (
          <Alert
            tone="error"
            title="The widget could not be loaded"
            actions={
              <Button size="sm" variant="secondary" onClick={() => load(campaignId)}>
                Try again
              </Button>
            }
          >
            {settings.error.message}
          </Alert>
        );
      return <StatePanel compact kind="loading" title="Loading the widget…" />;
    }
    const latest = current.latest_edition;
    return (
      <div className="export-widget">
        <p className="export-widget__latest" data-testid="export-widget-latest">
          {latest
            ? `It shows the latest sent edition: “${subjectForDisplay(latest.subject)}”.`
            : 'No edition of this campaign has been sent yet: the widget says the first one is on its way.'}
        </p>
        <Form id={CODES_FORM} onSubmit={submit} noValidate className="export-widget__codes">
          <FieldFrame
            label="Promotion codes"
            error={fieldError ?? (save.status === 'failure' ? save.error?.message : undefined)}
            hint={`One per line: letters, digits, - and _, at most ${MAX_PROMOTION_CODE_LENGTH} characters; up to ${MAX_PROMOTION_CODES} codes.`}
          >
            {(control) => (
              <textarea
                {...control}
                className="ui-field__input export-widget__textarea"
                rows={4}
                value={codes}
                spellCheck={false}
                onChange={(event) => {
                  setCodes(event.target.value);
                  setFieldError(null);
                  if (save.status !== 'idle' && save.status !== 'loading') reset();
                }}
              />
            )}
          </FieldFrame>
          <div className="export-widget__row">
            <Button type="submit" size="sm" loading={save.status === 'loading'}>
              Save codes
            </Button>
            <span role="status" className="export-widget__status">
              {save.status === 'success' ? 'Codes saved: the widget shows them within 5 minutes.' : ''}
            </span>
          </div>
        </Form>
        <CopyableCode
          label="Embed code"
          value={current.embed_code}
          copyLabel="Copy the code"
          copiedText="Copied: paste it into your website."
        >
          <a href={current.widget_url} target="_blank" rel="noopener noreferrer">
            Open the widget
          </a>
        </CopyableCode>
      </div>
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Promo export widget"
      description="This campaign's latest edition and its promotion codes, on your website."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {body()}
    </Dialog>
  );
}
