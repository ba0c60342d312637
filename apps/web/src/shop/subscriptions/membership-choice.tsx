import type { MyMembership } from '@bookla/shared/subscriptions';
import { fieldId, FieldError } from '../ui/field';
import { seatLimit } from './model';
import { useSubscriptionsShop } from './texts';

/**
 * A participant's "Use my membership …" in the checkout: one box per membership of the logged-in
 * customer that covers the seat's activity. A membership already used by as many participants as
 * its tier allows per booking (or as it has credits) is offered no more.
 */
export function MembershipChoice({
  index,
  options,
  chosen,
  usedBy,
  error,
  onChange,
}: {
  index: number;
  /** The customer's usable memberships covering this seat's activity. */
  options: readonly MyMembership[];
  /** The membership this participant books with. */
  chosen: number | undefined;
  /** How many participants book with each membership. */
  usedBy: (membershipId: number) => number;
  error: string | undefined;
  onChange(membershipId: number | null): void;
}) {
  const { t } = useSubscriptionsShop();
  if (!options.length) return null;
  const path = `participants.${index}.membership_id`;
  const id = fieldId(path);
  return (
    <div className={error ? 'field field-invalid membership-choice' : 'field membership-choice'}>
      {options.map((m, n) => {
        const checked = chosen === m.id;
        const full = !checked && usedBy(m.id) >= seatLimit(m);
        const name = `${m.subscription.name} – ${m.tier.name}`;
        const hintId = `${id}-${m.id}-hint`;
        return (
          <div key={m.id}>
            <label className="check">
              <input
                type="checkbox"
                id={n === 0 ? id : undefined}
                checked={checked}
                disabled={full}
                aria-invalid={error && checked ? true : undefined}
                aria-describedby={[hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
                onChange={(e) => onChange(e.target.checked ? m.id : null)}
              />
              <span>
                {m.credits_left === null
                  ? t('subscriptions.use.labelUnlimited', { name })
                  : t('subscriptions.use.label', { name, count: m.credits_left })}
              </span>
            </label>
            <p id={hintId} className="help">
              {full ? t('subscriptions.use.full', { name, count: seatLimit(m) }) : t('subscriptions.use.hint')}
            </p>
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
