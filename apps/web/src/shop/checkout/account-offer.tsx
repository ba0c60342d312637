import type { CustomerMe } from '@bookla/shared/customer-accounts';
import { ApiError } from '../api';
import { accountApi } from '../account/account-api';
import { rememberAccountOutcome } from '../account/account-notice';
import type { T } from '../i18n';
import { Link } from '../router';
import { useTeamShop } from '../shop-context';
import { Field, fieldId } from '../ui/field';
import '../account/texts';

/**
 * The checkout's optional customer account: a box to tick and a password. The account is created
 * after the order is placed (the order call does no extra work); how it went shows on the order page.
 * The password stays in memory only (never in the stored draft).
 */
export interface AccountOfferValue {
  wanted: boolean;
  password: string;
}

export const PASSWORD_PATH = 'account.password';

/** The client's check (the server checks the rest: common passwords, the e-mail inside it). */
export function checkAccountOffer(value: AccountOfferValue, t: T): string | undefined {
  if (!value.wanted) return undefined;
  const length = [...value.password].length;
  if (length < 8) return t('account.form.passwordShort');
  if (length > 128) return t('account.form.passwordLong');
  return undefined;
}

export function AccountOffer({
  me,
  value,
  error,
  onChange,
}: {
  me: CustomerMe | null | undefined;
  value: AccountOfferValue;
  error: string | undefined;
  onChange(value: AccountOfferValue): void;
}) {
  const { t, base } = useTeamShop();
  if (me)
    return (
      <p className="muted small">
        {t('account.checkout.signedIn', { email: me.email })} <Link to={`${base}/account`}>{t('account.myAccount')}</Link>
      </p>
    );
  const boxId = fieldId('account.wanted');
  return (
    <section aria-labelledby="account-offer-heading" className="panel">
      <h2 id="account-offer-heading">{t('account.checkout.title')}</h2>
      <label className="check" htmlFor={boxId}>
        <input id={boxId} type="checkbox" checked={value.wanted} onChange={(e) => onChange({ ...value, wanted: e.target.checked })} />
        <span>{t('account.checkout.offer')}</span>
      </label>
      {value.wanted && (
        <Field path={PASSWORD_PATH} label={t('account.form.password')} error={error} help={t('account.checkout.passwordHelp')} required>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={value.password}
              onChange={(e) => onChange({ ...value, password: e.target.value })}
            />
          )}
        </Field>
      )}
    </section>
  );
}

/** After the order: creates the account, and leaves the outcome for the order page. Never throws. */
export async function registerAfterOrder(
  teamId: number,
  lang: string,
  orderId: string,
  customer: { email: string; firstname: string; lastname: string },
  password: string,
  t: T,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A payment page is waiting: at most 10 seconds for the account.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), 10_000);
  });
  try {
    const reply = await Promise.race([accountApi(teamId, lang).register({ ...customer, password }), timeout]);
    rememberAccountOutcome(teamId, { orderId, ok: true, message: reply.message });
  } catch (err) {
    const fieldMessage = err instanceof ApiError ? Object.values(err.body.errors ?? {}).flat()[0] : undefined;
    const message = fieldMessage ?? (err instanceof ApiError ? err.message : t('account.checkout.failed'));
    rememberAccountOutcome(teamId, { orderId, ok: false, message });
  } finally {
    clearTimeout(timer);
  }
}
