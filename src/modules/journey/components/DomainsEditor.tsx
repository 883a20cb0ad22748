import { type FormEvent, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import {
  type JourneyTracking,
  MAX_JOURNEY_DOMAINS,
  normaliseJourneyDomain,
} from '../../../../domain/journeyTracking.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  /** The domains the service has now. */
  domains: string[];
  /** Hears the service's answer to a save. */
  onSaved: (answer: JourneyTracking) => void;
};

const DOMAIN_INVALID = 'Enter a website domain such as www.example.com.';

/**
 * The website domains the snippet may report from: the list with Remove, a domain to add (read as the
 * service reads it: a hostname, lower-case, a pasted address's scheme, port and path left out; each once),
 * and Save domains for the changes.
 */
export function DomainsEditor({ domains, onSaved }: Props) {
  const api = useServices().journeyApi;
  const [list, setList] = useState(domains);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useRequest(async (next: string[], signal) => {
    const answer = await api.saveDomains(next, signal);
    setList(answer.domains);
    onSaved(answer);
    return answer;
  }, 'journey-domains');
  const changed = JSON.stringify(list) !== JSON.stringify(domains);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const domain = normaliseJourneyDomain(typed);
    if (domain === null) return setFieldError(DOMAIN_INVALID);
    if (list.includes(domain)) return setFieldError(`${domain} is already in the list.`);
    if (list.length >= MAX_JOURNEY_DOMAINS) return setFieldError(`At most ${MAX_JOURNEY_DOMAINS} domains.`);
    setList([...list, domain]);
    setTyped('');
    setFieldError(null);
  };

  return (
    <div className="journey-domains">
      {list.length === 0 ? (
        <Alert tone="warning" title="No website domain yet">
          Page views are recorded only from the domains listed here. Add your website’s domain.
        </Alert>
      ) : (
        <ul className="journey-domains__list" aria-label="Website domains">
          {list.map((domain) => (
            <li key={domain} className="journey-domains__item" data-testid="journey-domain">
              <UserText>{domain}</UserText>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${domain}`}
                onClick={() => setList(list.filter((d) => d !== domain))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form className="journey-domains__add" onSubmit={add} noValidate aria-label="Add a website domain">
        <TextField
          label="Website domain"
          placeholder="www.example.com"
          value={typed}
          autoComplete="off"
          spellCheck={false}
          error={fieldError ?? undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setFieldError(null);
          }}
        />
        <Button type="submit" variant="secondary">
          Add domain
        </Button>
      </Form>
      {save.status === 'failure' && save.error ? (
        <Alert tone="error" title="The domains could not be saved">
          {save.error.message}
        </Alert>
      ) : null}
      <div className="journey-domains__save">
        <Button loading={save.status === 'loading'} disabled={!changed} onClick={() => save.submit(list)}>
          Save domains
        </Button>
        <span role="status" className="journey-muted">
          {changed
            ? 'Unsaved changes.'
            : save.status === 'success'
              ? `Saved: ${countOf(list.length, 'domain', 'domains')}.`
              : ''}
        </span>
      </div>
    </div>
  );
}
