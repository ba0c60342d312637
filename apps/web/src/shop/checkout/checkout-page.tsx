import { ErrorCodes } from '@bookla/shared/errors';
import { currencyDigits, minorToDecimal } from '@bookla/shared/money';
import { visibleFields } from '@bookla/shared/booking-answers';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, newIdempotencyKey, shopApi } from '../api';
import { forgetReservation, loadReservation, releaseReservation, type HeldReservation } from '../reservation';
import { Link, navigate } from '../router';
import { isEmbedBase, useTeamShop } from '../shop-context';
import { readJson, removeKey, writeJson } from '../storage';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { Countdown, useSecondsLeft } from './countdown';
import { ExpiredDialog } from './expired-dialog';
import { useQuote } from './use-quote';
import { BookingFieldInput } from './field-input';
import {
  draftKey,
  FIELD_PATH,
  fieldsOf,
  fitDraft,
  orderBody,
  paymentChoices,
  productLines,
  productQuantity,
  productsBody,
  restoreDraft,
  seatsOf,
  serverErrors,
  validateDraft,
  type Draft,
  type Errors,
  type ParticipantDraft,
  type ProductLine,
} from './model';
import { CustomerSection, ParticipantBlock, ProductRow } from './people';
import { accountApi } from '../account/account-api';
import { AccountOffer, checkAccountOffer, registerAfterOrder, type AccountOfferValue } from './account-offer';
import { DiscountField, PaymentChoice, TermsCheck, TotalsTable, type Totals } from './summary';
import { covers, membershipSeats } from '../subscriptions/model';
import { MembershipChoice } from '../subscriptions/membership-choice';
import { useSubscriptionsShop } from '../subscriptions/texts';

/** `/{lang}/shop/{team}/checkout`: the held seats become an order. */
export function CheckoutPage() {
  const { t, team, base } = useTeamShop();
  useTitle(t('checkout.title'), team.name);
  const [reservation, setReservation] = useState(() => loadReservation(team.id));
  if (!reservation)
    return (
      <section>
        <h1>{t('checkout.title')}</h1>
        <Notice title={t('checkout.nothingHeld')}>
          <p>
            <Link to={base}>{t('checkout.toActivities')}</Link>
          </p>
        </Notice>
      </section>
    );
  return <Checkout key={reservation.token} reservation={reservation} onRenewed={setReservation} />;
}

function Checkout({ reservation, onRenewed }: { reservation: HeldReservation; onRenewed(r: HeldReservation): void }) {
  const { t, fmt, team, lang, base } = useTeamShop();
  const embedded = isEmbedBase(base);
  const seats = seatsOf(reservation);
  const activityIds = [...new Set(seats.map((s) => s.activity_id))];
  const loaded = useFetch(`checkout:${team.id}:${activityIds.join(',')}:${lang}`, (signal) =>
    Promise.all(activityIds.map((id) => shopApi.activity(team.id, id, lang, signal))).then((list) => new Map(list.map((a) => [a.id, a]))),
  );
  const [draft, setDraft] = useState<Draft>(() => fitDraft(restoreDraft(readJson(draftKey(team.id))), seats.length));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const [sending, setSending] = useState(false);
  const [soldOut, setSoldOut] = useState<string | null>(null);
  const [serverExpired, setServerExpired] = useState(false);
  const [discountBusy, setDiscountBusy] = useState(false);
  // The optional customer account (issue 12): the password is kept in memory only, never in the draft.
  const [accountOffer, setAccountOffer] = useState<AccountOfferValue>({ wanted: false, password: '' });
  const [accountError, setAccountError] = useState<string | undefined>(undefined);
  const me = useFetch(`customer-me:${team.id}`, (signal) => accountApi(team.id, lang).me(signal), { cache: false }).data;
  // A logged-in customer's memberships (CONTRACT §5): a seat booked with one costs 0 and one credit.
  // None while the team sells none (404) or the call fails: the checkout goes on without.
  const memberships = useFetch(me ? `memberships:${team.id}` : null, (signal) => accountApi(team.id, lang).memberships(signal), {
    cache: false,
  });
  /** Participant index → the membership ticked for it (kept in memory only). */
  const [memberChoice, setMemberChoice] = useState<Record<number, number>>({});
  const sub = useSubscriptionsShop();
  const secondsLeft = useSecondsLeft(reservation.expires_at);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  /** The last order sent and its Idempotency-Key (CONTRACT §7). */
  const attempt = useRef<{ body: string; key: string } | null>(null);

  // Everything typed survives a reload, a validation error and a renewed reservation.
  useEffect(() => writeJson(draftKey(team.id), draft), [draft, team.id]);

  // A logged-in customer finds their data filled in (what was typed already stays).
  useEffect(() => {
    if (!me) return;
    setDraft((d) =>
      d.customer.email || d.customer.firstname || d.customer.lastname
        ? d
        : { ...d, customer: { ...d.customer, firstname: me.firstname, lastname: me.lastname, email: me.email, company: me.company ?? '' } },
    );
  }, [me]);

  // Leaving with the back button gives the seats back (best effort); back to another
  // language's checkout is no leaving.
  useEffect(() => {
    const leave = () => {
      if (!/\/checkout\/?$/.test(window.location.pathname)) releaseReservation(team.id);
    };
    window.addEventListener('popstate', leave);
    return () => window.removeEventListener('popstate', leave);
  }, [team.id]);

  // After a failed submit: to the first field with an error, else to the summary.
  useEffect(() => {
    if (!focusTick) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? summaryRef.current)?.focus();
  }, [focusTick]);

  const activities = loaded.data;
  const myMemberships = me ? (memberships.data ?? []) : [];
  const withMembership = membershipSeats(myMemberships, seats, activities ?? new Map(), memberChoice);
  const membershipCount = Object.keys(withMembership).length;
  const fields = fieldsOf(activities ?? new Map());
  const lines = productLines(activities ?? new Map(), seats);
  const products = productsBody(draft, lines);
  const items = reservation.items.map((i) => ({ ticket_id: i.ticket_id, quantity: i.quantity }));

  // With a membership chosen the logged-in customer's quote prices its seats at 0, as their order call will.
  const memberQuote = membershipCount
    ? { lang, participants: seats.map((seat, n) => ({ ticket_id: seat.ticket_id, membership_id: withMembership[n] ?? null })) }
    : null;
  const quote = useQuote(
    team.id,
    items,
    products,
    draft.applied,
    !!activities,
    (refused) => {
      setDraft((d) => ({ ...d, applied: null }));
      setErrors((er) => ({ ...er, discount_code: refused }));
    },
    memberQuote,
    (refusals) => setErrors((er) => ({ ...er, ...serverErrors(refusals) })),
  );

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!activities) return <Loading lines={6} />;

  const productsMinor = [...lines.order, ...lines.participant.flat()].reduce(
    (sum, l) => sum + l.product.price_minor * productQuantity(draft, l),
    0,
  );
  const fallback = minorToDecimal(
    Math.round(reservation.total * 10 ** currencyDigits(reservation.currency)) + productsMinor,
    reservation.currency,
  );
  const quoted: Totals = quote.totals ?? {
    subtotal: fallback,
    discount_total: 0,
    tax_total: null,
    total: fallback,
    currency: reservation.currency,
  };
  // Seats paid with a membership cost 0 in the server's member quote: shown as their tickets' price
  // taken off the subtotal; the total is the server's.
  const memberSeats = membershipCount ? (quote.totals?.membership_seats ?? 0) : 0;
  const memberValue = quote.totals?.membership_value ?? 0;
  const covered = memberSeats ? { label: sub.t('subscriptions.use.discount', { count: memberSeats }), amount: memberValue } : undefined;
  const digits = 10 ** currencyDigits(quoted.currency);
  const totals: Totals = covered
    ? { ...quoted, subtotal: minorToDecimal(Math.round(quoted.subtotal * digits) + Math.round(memberValue * digits), quoted.currency) }
    : quoted;
  // The server's quote knows this cart's methods (no invoice when its first date is too soon); the team's until it answers.
  const methods = quote.totals?.payment_methods ?? team.payment_methods;
  const invoiceTooLate = team.payment_methods.includes('invoice') && !methods.includes('invoice') && totals.total > 0;
  const choices = paymentChoices(methods, totals.total);
  const payment = choices.includes(draft.payment as never) ? draft.payment : choices.length === 1 ? choices[0]! : '';
  const orderFieldsShown = visibleFields(fields.order, draft.answers);

  const clear = (...paths: string[]) =>
    setErrors((er) => {
      if (!paths.some((p) => p in er)) return er;
      const next = { ...er };
      for (const p of paths) delete next[p];
      return next;
    });
  const setParticipant = (i: number, patch: Partial<ParticipantDraft>) => {
    setDraft((d) => ({ ...d, participants: d.participants.map((p, n) => (n === i ? { ...p, ...patch } : p)) }));
    clear(...Object.keys(patch).map((k) => `participants.${i}.${k}`));
  };
  const setProduct = (line: ProductLine, n: number) => setDraft((d) => ({ ...d, products: { ...d.products, [line.key]: n } }));

  const applyDiscount = async () => {
    setDiscountBusy(true);
    const result = await quote.apply(draft.discount.trim());
    setDiscountBusy(false);
    if ('applied' in result) {
      setDraft((d) => ({ ...d, applied: result.applied }));
      clear('discount_code');
    } else setErrors((er) => ({ ...er, discount_code: result.refused ?? t('common.failed') }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const ready = { ...draft, payment };
    const found = validateDraft(ready, seats, fields, choices, t);
    const accountProblem = me ? undefined : checkAccountOffer(accountOffer, t);
    setAccountError(accountProblem);
    setFailure(null);
    if (Object.keys(found).length || accountProblem) {
      setErrors(found);
      setFocusTick((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const plain = orderBody(ready, reservation, seats, fields, products, lang);
      const body = membershipCount
        ? { ...plain, participants: plain.participants.map((p, n) => (withMembership[n] ? { ...p, membership_id: withMembership[n] } : p)) }
        : plain;
      // Sending the same order again (its reply was lost: no connection, a gateway error) reuses
      // its key, so the server answers the first reply instead of placing a second order; a
      // changed form is a new order attempt with a new key.
      const sent = JSON.stringify(body);
      if (attempt.current?.body !== sent) attempt.current = { body: sent, key: newIdempotencyKey() };
      // With a membership: the logged-in customer's own order call (their cookie and XSRF token).
      const reply = membershipCount
        ? await accountApi(team.id, lang).placeOrder(body, attempt.current.key)
        : await shopApi.placeOrder(team.id, body, attempt.current.key);
      forgetReservation(team.id);
      removeKey(draftKey(team.id));
      if (accountOffer.wanted && !me)
        await registerAfterOrder(
          team.id,
          lang,
          reply.order.id,
          { email: ready.customer.email, firstname: ready.customer.firstname, lastname: ready.customer.lastname },
          accountOffer.password,
          t,
        );
      // navigate(): in an embed the test payment page stays inside, a payment provider opens outside.
      if (reply.payment_url) navigate(reply.payment_url);
      else navigate(reply.order_url);
    } catch (err) {
      setSending(false);
      if (!(err instanceof ApiError)) setFailure(t('common.offline'));
      else if (err.status === 422) {
        setErrors(serverErrors(err.body.errors));
        setFailure(err.body.message ?? null);
        setFocusTick((n) => n + 1);
      } else if (err.status === 409 && membershipCount && !err.body.code) {
        // The membership's credits were used meanwhile (another booking): its new state is loaded again.
        setFailure(err.body.message ?? sub.t('subscriptions.use.usedUp'));
        memberships.reload();
        setFocusTick((n) => n + 1);
      } else if (err.status === 409 && (err.body.code === ErrorCodes.SOLD_OUT || err.body.code === ErrorCodes.OFF_SALE))
        setSoldOut(err.body.message ?? t('checkout.soldOut'));
      // The visitor already holds the activity's limit of unpaid seats: the server's translated message says so.
      else if (err.status === 409 && err.body.code === ErrorCodes.HOLD_LIMIT) setFailure(err.body.message ?? t('common.failed'));
      // The same order is still being placed (a double send): the server's message asks to try again in a moment.
      else if (err.status === 409 && err.body.code === ErrorCodes.IDEMPOTENCY_IN_PROGRESS)
        setFailure(err.body.message ?? t('common.failed'));
      else if (err.status === 409 || err.status === 410) setServerExpired(true);
      else setFailure(err.body.message ?? t('common.failed'));
    }
  };

  const cancel = () => {
    releaseReservation(team.id);
    navigate(`${base}/activity/${reservation.activity_id}`);
  };

  if (soldOut)
    return (
      <section>
        <h1>{t('checkout.title')}</h1>
        <Notice tone="error" title={t('checkout.soldOut')}>
          <p>{soldOut}</p>
          <button type="button" className="button" onClick={cancel}>
            {t('checkout.backToActivity')}
          </button>
        </Notice>
      </section>
    );

  const errorCount = Object.keys(errors).length;
  const loose = Object.entries(errors).filter(([path]) => !FIELD_PATH.test(path));
  return (
    <section className="checkout">
      <div className="page-head">
        <h1>{t('checkout.title')}</h1>
        <Countdown seconds={secondsLeft} />
      </div>
      {(secondsLeft <= 0 || serverExpired) && !sending && <ExpiredDialog reservation={reservation} onRenewed={onRenewed} onBack={cancel} />}

      <section aria-labelledby="held-heading" className="panel">
        <h2 id="held-heading">{t('checkout.yourBooking')}</h2>
        <ul className="plain-list">
          {reservation.items.map((i) => (
            <li key={i.ticket_id} className="line">
              <span>
                {i.quantity} × {i.name}
              </span>
              <span>{fmt.money(i.total, reservation.currency)}</span>
            </li>
          ))}
        </ul>
        <button type="button" className="button button-link" onClick={cancel}>
          {t('checkout.cancel')}
        </button>
      </section>

      <form ref={formRef} noValidate onSubmit={submit} aria-describedby={errorCount || failure ? 'form-problems' : undefined}>
        {(errorCount > 0 || failure) && (
          <div ref={summaryRef} id="form-problems" tabIndex={-1} className="notice notice-error" role="alert">
            <p className="notice-title">{failure ?? t('checkout.fixErrors', { count: errorCount })}</p>
            {loose.length > 0 && (
              <ul>
                {loose.map(([path, message]) => (
                  <li key={path}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <CustomerSection
          customer={draft.customer}
          errors={errors}
          onChange={(patch) => {
            setDraft((d) => ({ ...d, customer: { ...d.customer, ...patch } }));
            clear(...Object.keys(patch).map((k) => `customer.${k}`));
          }}
        />

        {/* An account needs its own cookie, which an embed on another site usually may not set. */}
        {!embedded && (
          <AccountOffer
            me={me}
            value={accountOffer}
            error={accountError}
            onChange={(value) => {
              setAccountOffer(value);
              setAccountError(undefined);
            }}
          />
        )}

        {orderFieldsShown.length > 0 && (
          <section aria-labelledby="order-fields" className="panel">
            <h2 id="order-fields">{t('checkout.orderFields')}</h2>
            {orderFieldsShown.map((f) => (
              <BookingFieldInput
                key={f.id}
                field={f}
                path={`answers.${f.id}`}
                value={draft.answers[String(f.id)]}
                errors={errors}
                onChange={(v) => {
                  setDraft((d) => ({ ...d, answers: { ...d.answers, [String(f.id)]: v } }));
                  clear(`answers.${f.id}`);
                }}
              />
            ))}
          </section>
        )}

        <h2>{t('checkout.participants', { count: seats.length })}</h2>
        {seats.map((seat, i) => (
          <ParticipantBlock
            key={i}
            index={i}
            ticketName={seat.name}
            participant={draft.participants[i]!}
            fields={fields.participant(seat.activity_id)}
            orderFields={fields.order}
            orderAnswers={draft.answers}
            products={lines.participant[i] ?? []}
            quantity={(line) => productQuantity(draft, line)}
            errors={errors}
            onChange={(patch) => setParticipant(i, patch)}
            onAnswer={(id, v) => {
              setDraft((d) => ({
                ...d,
                participants: d.participants.map((p, n) => (n === i ? { ...p, answers: { ...p.answers, [String(id)]: v } } : p)),
              }));
              clear(`participants.${i}.answers.${id}`);
            }}
            onProduct={setProduct}
            extra={
              <MembershipChoice
                index={i}
                options={myMemberships.filter((m) => {
                  const a = activities.get(seat.activity_id);
                  return !!a && covers(m, a);
                })}
                chosen={withMembership[i]}
                usedBy={(id) => Object.values(withMembership).filter((x) => x === id).length}
                error={errors[`participants.${i}.membership_id`]}
                onChange={(id) => {
                  setMemberChoice((c) => {
                    const next = { ...c };
                    if (id === null) delete next[i];
                    else next[i] = id;
                    return next;
                  });
                  clear(`participants.${i}.membership_id`);
                }}
              />
            }
            onSameAsCustomer={
              i === 0
                ? () =>
                    setParticipant(0, {
                      firstname: draft.customer.firstname,
                      lastname: draft.customer.lastname,
                      email: draft.customer.email,
                    })
                : undefined
            }
          />
        ))}

        {lines.order.length > 0 && (
          <section aria-labelledby="products-heading" className="panel">
            <h2 id="products-heading">{t('checkout.products.title')}</h2>
            {lines.order.map((line) => (
              <ProductRow
                key={line.key}
                line={line}
                quantity={productQuantity(draft, line)}
                onChange={(n) => setProduct(line, n)}
                money={fmt.money}
              />
            ))}
          </section>
        )}

        <section aria-labelledby="pay-heading" className="panel">
          <h2 id="pay-heading">{t('checkout.summary')}</h2>
          <DiscountField
            value={draft.discount}
            applied={draft.applied}
            error={errors.discount_code}
            busy={discountBusy}
            onChange={(v) => {
              setDraft((d) => ({ ...d, discount: v }));
              clear('discount_code');
            }}
            onApply={applyDiscount}
            onRemove={() => setDraft((d) => ({ ...d, applied: null, discount: '' }))}
          />
          <TotalsTable totals={totals} pending={quote.pending} covered={covered} />
          <PaymentChoice
            choices={choices}
            value={payment}
            error={errors.payment_method}
            invoiceTooLate={invoiceTooLate}
            onChange={(v) => {
              setDraft((d) => ({ ...d, payment: v }));
              clear('payment_method');
            }}
          />
          <TermsCheck
            checked={draft.terms}
            errors={errors}
            onChange={(v) => {
              setDraft((d) => ({ ...d, terms: v }));
              clear('accept_terms');
            }}
          />
          <button type="submit" className="button button-block" disabled={sending || !choices.length} aria-busy={sending || undefined}>
            {sending ? t('common.sending') : totals.total > 0 ? t('checkout.submitPay') : t('checkout.submitFree')}
          </button>
        </section>
      </form>
    </section>
  );
}
