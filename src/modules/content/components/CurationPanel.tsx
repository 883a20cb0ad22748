import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { CampaignEmail } from '../../../../domain/campaigns.ts';
import {
  CURATION_TARGETS_MAX_LIMIT,
  CURATION_TARGETS_PAGE_SIZE,
  type CurationTarget,
} from '../../../../domain/contentArticles.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { curationTargetOf } from '../../../../domain/curationTargetOf.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import {
  type CurationAddRequest,
  type CurationAddResult,
  type CurationUndoRequest,
  type CurationUndoResult,
  curationAddFailed,
  curationAdding,
  curationCardFlags,
  curationMachine,
} from '../../../../machines/curationMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { ListPager } from '../../shared/components/ListPager.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { addFirst } from '../../shared/utils/pagedRows.ts';
import { NewCurationEmailForm } from './NewCurationEmailForm.tsx';

type Props = {
  open: boolean;
  articleIds: number[];
  onClose: () => void;
  /** Articles went into an edition (the explorer marks them curated and clears the selection). */
  onAdded: (articleIds: number[]) => void;
  /** An undo took them out again. */
  onUndone: (articleIds: number[]) => void;
  /** The campaign being curated for (the explorer's campaign_id): a new email goes there at first. */
  campaignId?: number | null;
};

const targetKey = (target: CurationTarget) => target.version_id;

/**
 * The curation panel: the organisation's draft editions (8 at a time, last changed first) to add the
 * selected articles to. Its timings are the curation machine's: the card an add went to shows as new and
 * recent (5 s), Undo is offered for 30 s, then it reads '30 sec ago'; an undo lowers the count with a 3 s
 * confirmation; an add of articles all already there opens the already-added notice; a failed add shows
 * the add-fail flag for 3 s. "New email" makes an email (in a campaign chosen or made on the way) and adds
 * the selected articles to its Draft Edition, without leaving the explorer.
 */
export function CurationPanel({ open, articleIds, onClose, onAdded, onUndone, campaignId = null }: Props) {
  const api = useServices().contentApi;
  const [machine] = useState(() =>
    curationMachine.provide({
      actors: {
        add: fromPromise<CurationAddResult, CurationAddRequest>(async ({ input, signal }) => {
          const result = await api.curate(input.target.versionId, input.articleIds, signal);
          return {
            articlesCount: result.articles_count,
            lastUpdate: result.last_update,
            image: result.image,
            alreadyCurated: result.articles_already_curated,
          };
        }),
        undo: fromPromise<CurationUndoResult, CurationUndoRequest>(async ({ input, signal }) => {
          let articlesCount = 0;
          for (const id of input.articleIds)
            articlesCount = (await api.removeCurated(input.versionId, id, signal)).articles_count;
          return { articlesCount };
        }),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: 'curation' });
  const snapshot = useSelector(actor, (s) => s);
  const lastAdd = snapshot.context.lastAdd;
  const lastState = (snapshot.value as { lastAdd: string }).lastAdd;

  // Each opening of the panel lists the drafts afresh, from the first page.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (open) setOpenings((n) => n + 1);
  }, [open]);
  const page = usePagedList({
    mode: 'local',
    name: 'curationTargets',
    pageSize: CURATION_TARGETS_PAGE_SIZE,
    maxLimit: CURATION_TARGETS_MAX_LIMIT,
    key: String(openings),
    enabled: open && openings > 0,
    load: (query, signal) =>
      api.curationTargets({ offset: query.offset, limit: query.limit, search: '' }, signal),
    ...countedRows<CurationTarget>(targetKey),
  });
  const targets = page.latest === null ? null : page.rows;

  // The explorer hears of each add that brought articles, and of each undo, once.
  const callbacks = useRef({ onAdded, onUndone });
  callbacks.current = { onAdded, onUndone };
  const told = useRef<{ add: unknown; undo: unknown }>({ add: null, undo: null });
  useEffect(() => {
    if (!lastAdd) return;
    if (lastState === 'recent' && told.current.add !== `${lastAdd.lastUpdate}:${lastAdd.versionId}`) {
      told.current.add = `${lastAdd.lastUpdate}:${lastAdd.versionId}`;
      callbacks.current.onAdded(lastAdd.addedIds);
    }
    if (lastState === 'undone' && told.current.undo !== lastAdd) {
      told.current.undo = lastAdd;
      callbacks.current.onUndone(lastAdd.addedIds);
    }
  }, [lastAdd, lastState]);

  const [newEmail, setNewEmail] = useState(false);
  const addTo = (target: CurationTarget) =>
    actor.send({
      type: 'curation.add',
      target: { versionId: target.version_id, emailId: target.email_id, campaignId: target.campaign_id },
      articleIds,
    });
  const created = (email: CampaignEmail) => {
    setNewEmail(false);
    const target = curationTargetOf(email);
    if (!target) return;
    page.edit((draft) => addFirst(draft, target, targetKey));
    if (articleIds.length > 0) addTo(target);
  };

  const adding = curationAdding(snapshot);
  const failed = curationAddFailed(snapshot);
  const notice = snapshot.context.alreadyAdded;
  const count = articleIds.length;

  let body: React.ReactNode;
  if (targets === null && page.status === 'failure' && page.error) {
    body = (
      <LoadErrorPanel
        compact
        title="Your draft emails could not be loaded"
        message={page.error.message}
        onRetry={page.retry}
      />
    );
  } else if (targets === null) {
    body = <StatePanel kind="loading" title="Loading your draft emails…" compact />;
  } else if (targets.length === 0) {
    body = newEmail ? null : (
      <StatePanel kind="empty" title="No draft emails yet" compact>
        Make one with New email; its Draft Edition will show here.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <ul className="curation-targets" aria-label="Draft emails">
          {targets.map((target) => {
            const flags = curationCardFlags(snapshot, target.version_id);
            const patch = snapshot.context.counts[target.version_id];
            const articlesCount = patch ? patch.articlesCount : target.articles_count;
            const image = patch ? patch.image : target.image;
            const labelId = `curation-target-${target.version_id}`;
            return (
              <li
                key={target.version_id}
                className="curation-target"
                data-recent={flags.recent || undefined}
                aria-labelledby={labelId}
              >
                <div className="curation-target__thumb" aria-hidden="true">
                  {image ? (
                    <img src={image} alt="" />
                  ) : (
                    <span>{target.email_name.slice(0, 1).toUpperCase()}</span>
                  )}
                </div>
                <div className="curation-target__text">
                  <span className="curation-target__name" id={labelId}>
                    {target.email_name}
                  </span>
                  <span className="curation-target__meta">
                    {target.campaign_name ?? 'No campaign'} · {target.name}
                  </span>
                  <span className="curation-target__meta" data-testid="curation-count">
                    {countOf(articlesCount, 'article', 'articles')} ·{' '}
                    {flags.agoText ??
                      (flags.newlyCreated ? 'just now' : formatDate(target.last_update, 'dateTime'))}
                  </span>
                  <span className="curation-target__flags" aria-live="polite">
                    {flags.recent ? <Badge tone="success">Just added</Badge> : null}
                    {flags.undone ? <Badge tone="info">Removed</Badge> : null}
                    {flags.removeFailed ? <Badge tone="danger">Could not remove</Badge> : null}
                  </span>
                </div>
                <div className="curation-target__actions">
                  {flags.showUndo ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={flags.undoing}
                      onClick={() => actor.send({ type: 'curation.undo' })}
                    >
                      Undo
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={count === 0 || adding}
                    aria-describedby={labelId}
                    onClick={() => addTo(target)}
                  >
                    Add here
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <ListPager list={page} noun={['draft email', 'draft emails']} />
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={count > 0 ? `Add ${countOf(count, 'article', 'articles')} to an email` : 'Curated articles'}
      description="Choose the draft edition of an email. Articles go after the ones it already holds."
    >
      <div className="curation-panel" aria-live="polite">
        {notice ? (
          <Alert
            tone="info"
            title="Already added"
            actions={
              <Button
                size="sm"
                variant="ghost"
                onClick={() => actor.send({ type: 'curation.dismissNotice' })}
              >
                Dismiss
              </Button>
            }
          >
            {notice.articleIds.length === 1
              ? 'This article is already in that email.'
              : `${notice.articleIds.length} of these articles are already in that email.`}
          </Alert>
        ) : null}
        {failed ? (
          <Alert tone="error" title="The articles could not be added">
            Please try again.
          </Alert>
        ) : null}
      </div>
      {newEmail ? (
        <NewCurationEmailForm
          campaignId={campaignId}
          onCreated={created}
          onCancel={() => setNewEmail(false)}
        />
      ) : (
        <div className="curation-panel__new">
          <Button variant="secondary" size="sm" disabled={adding} onClick={() => setNewEmail(true)}>
            New email
          </Button>
        </div>
      )}
      {body}
    </Dialog>
  );
}
