import type { TeamPlan } from '@bookla/shared/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../../lib/app-state';
import { confirmDialog, renderSetup, requests, resetScreen } from '../../../test/backoffice';
import { json } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../test/team-fixtures';
import { formatPlanDay, PlanTab } from './plan-tab';
import { loadPlanTexts } from './plan-texts';

/** Company settings → plan (CONTRACT §6; in the platform feature so the back office's first screen carries none of it): the plan in force, a waiting change, change and cancel for team.manage only. */

function render(state: TeamPlan) {
  let plan = state;
  const api = renderSetup('/en/backend/config/team/plan', {
    'GET /api/team/plan': () => json(plan),
    'PUT /api/team/plan': (c) => {
      const chosen = (c.body as { plan: TeamPlan['plan'] }).plan;
      plan =
        chosen === plan.plan
          ? { plan: plan.plan, since: plan.since }
          : { ...plan, scheduled: { plan: chosen, from: chosen === 'business' ? '2026-11-30' : '2026-12-01' } };
      return json({ ...plan, message: chosen === state.plan && state.scheduled ? 'Your company stays on it.' : 'Your company changes.' });
    },
  });
  return api;
}

describe('the plan tab', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('writes days as "1 Dec 2026" in the UI language', () => {
    expect(formatPlanDay('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatPlanDay('2026-12-01', 'de')).toMatch(/^1\. Dez\.? 2026$/);
    expect(formatPlanDay('2026-12-01', 'fr')).toMatch(/^1 déc\.? 2026$/);
  });

  it('shows the plan in force with its fees; an upgrade after confirmation shows the waiting change, which can be cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render({ plan: 'payg', since: '2026-03-02' });
    expect(await screen.findByRole('tab', { name: 'Plan', selected: true })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(current).getByText('Pay-As-You-Go')).toBeInTheDocument();
    expect(within(current).getByText('Since 2 Mar 2026')).toBeInTheDocument();
    expect(within(current).getByText('CHF 0.00 per month, 7.9% plus CHF 0.49 per sale')).toBeInTheDocument();
    const change = screen.getByRole('region', { name: 'Change the plan' });
    expect(within(change).getByText(/To Business: counts from the next day/)).toBeInTheDocument();
    expect(within(change).getByText(/To Pay-As-You-Go: counts from the 1st of next month/)).toBeInTheDocument();

    await user.click(within(change).getByRole('button', { name: 'Change to Business' }));
    await confirmDialog(user, 'Change to Business', 'Change to Business');
    await waitFor(() => expect(requests(calls, 'PUT', '/api/team/plan')).toHaveLength(1));
    expect(requests(calls, 'PUT', '/api/team/plan')[0]!.body).toEqual({ plan: 'business' });
    expect(await within(current).findByText('Business from 30 Nov 2026')).toBeInTheDocument();
    expect(within(current).getByText(/Until then your company stays on Pay-As-You-Go/)).toBeInTheDocument();

    await user.click(within(change).getByRole('button', { name: 'Cancel the change to Business' }));
    await confirmDialog(user, 'Cancel the change to Business', 'Cancel the change to Business');
    await waitFor(() => expect(requests(calls, 'PUT', '/api/team/plan')).toHaveLength(2));
    expect(requests(calls, 'PUT', '/api/team/plan')[1]!.body).toEqual({ plan: 'payg' });
    await waitFor(() => expect(within(current).queryByText('Business from 30 Nov 2026')).not.toBeInTheDocument());
    expect(within(change).getByRole('button', { name: 'Change to Business' })).toBeInTheDocument();
  });

  it('on Business: a downgrade counts from the 1st of next month; cancelling the dialog changes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render({ plan: 'business', since: '2026-06-01' });
    const change = await screen.findByRole('region', { name: 'Change the plan' });
    await user.click(within(change).getByRole('button', { name: 'Change to Pay-As-You-Go' }));
    const dialog = await confirmDialog(user, 'Change to Pay-As-You-Go', 'Back');
    expect(dialog).toHaveTextContent('Pay-As-You-Go counts from the 1st of next month. Until then your company stays on Business.');
    expect(requests(calls, 'PUT', '/api/team/plan')).toHaveLength(0);
    await user.click(within(change).getByRole('button', { name: 'Change to Pay-As-You-Go' }));
    await confirmDialog(user, 'Change to Pay-As-You-Go', 'Change to Pay-As-You-Go');
    expect(await screen.findByText('Pay-As-You-Go from 1 Dec 2026')).toBeInTheDocument();
  });

  it('is read-only without team.manage', async () => {
    await loadPlanTexts('en');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'editor')));
    fakeApi({
      'GET /api/team/plan': () => json({ plan: 'business', since: '2026-06-01', scheduled: { plan: 'payg', from: '2027-01-01' } }),
    });
    renderWithProviders(<PlanTab />);
    expect(await screen.findByText('Pay-As-You-Go from 1 Jan 2027')).toBeInTheDocument();
    expect(screen.getByText("Only the company's owners and administrators can change the plan.")).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
