import { Link } from '@tanstack/react-router';
import { type SenderVerified, senderKeySchema } from '../../../../domain/senderAddresses.ts';
import { senderAddressesLink } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { UserText } from '../../../ui/UserText.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CheckedLink } from './CheckedLink.tsx';
import { LinkActionForm } from './LinkActionForm.tsx';
import './AuthForm.css';

const settingsLink = `${buttonClassName('primary', 'lg')} ui-button--full`;

function SpentLink({ title, message }: { title: string; message: string }) {
  return (
    <AuthLayout title={title} subtitle={message} footer={<Link to="/">Back to sign in</Link>}>
      <div className="auth-form">
        <Alert tone="warning">Verification links work for 24 hours, and only once.</Alert>
        <Link {...senderAddressesLink} className={settingsLink}>
          Open sender addresses
        </Link>
      </div>
    </AuthLayout>
  );
}

/**
 * /auth/verify-sender/{key}: the link mailed to a new From address. Opening it only checks the key (a mail
 * scanner that follows links verifies nothing); the button makes the address a sender. No sign-in is
 * needed: whoever reads that mailbox vouches for it.
 */
export function VerifySenderPage({ verifyKey }: { verifyKey: string }) {
  const { userApi } = useServices();
  const wellFormed = senderKeySchema.safeParse(verifyKey).success;
  const check = useRequest((key: string, signal) => userApi.checkSenderKey(key, signal), 'checkSenderKey');
  const verify = useRequest<string, SenderVerified>(
    (key, signal) => userApi.verifySenderAddress(key, signal),
    'verifySenderAddress',
  );
  const pending = verify.status === 'loading';
  return (
    <CheckedLink
      linkKey={verifyKey}
      wellFormed={wellFormed}
      check={check}
      title="Verify a sender address"
      what="your verification link"
      invalid={
        <SpentLink
          title="This verification link is not valid"
          message="The address is not a complete verification link. Open the link from the email again."
        />
      }
      spent={(message) => <SpentLink title="This verification link has expired" message={message} />}
    >
      {(sender) => {
        if (verify.status === 'success' && verify.data) {
          const done = verify.data;
          return (
            <AuthLayout title="Sender address verified" footer={<Link to="/">Back to sign in</Link>}>
              <div className="auth-form">
                <Alert tone="success">
                  {done.email} can now send <UserText>{done.organisation_name}</UserText>’s campaign emails
                  {done.is_default ? ', as its default sender.' : '.'}
                </Alert>
                <Link {...senderAddressesLink} className={settingsLink}>
                  Open sender addresses
                </Link>
              </div>
            </AuthLayout>
          );
        }
        return (
          <AuthLayout
            title="Verify a sender address"
            subtitle="Confirm that campaign emails may come from this address."
            footer={<Link to="/">Back to sign in</Link>}
          >
            <LinkActionForm
              account={
                <>
                  <strong>{sender?.email}</strong> for <UserText>{sender?.organisation_name}</UserText>
                </>
              }
              error={verify.status === 'failure' ? verify.error : null}
              pending={pending}
              label="Verify this address"
              pendingLabel="Verifying…"
              onAct={() => verify.submit(verifyKey)}
            />
          </AuthLayout>
        );
      }}
    </CheckedLink>
  );
}
