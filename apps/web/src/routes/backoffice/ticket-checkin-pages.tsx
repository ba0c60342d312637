import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckinFromLink, CheckinScanner } from '../../features/selling/checkin';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/ticket/checkin`: the scanner at the door (spec §2): camera or typed code, per date, offline too. */
export function TicketCheckinPage() {
  const { t } = useTranslation('checkin');
  const { t: tb } = useTranslation('backend');
  return (
    <RequirePermission name="nav.courses">
      <PageFrame title={t('scanner.title')} intro={tb('pages.ticketCheckin.text')}>
        <CheckinScanner />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/ticket/{code}/checkin` (no language prefix): what a ticket's QR code opens. */
export function TicketLinkCheckinPage() {
  const { t } = useTranslation('checkin');
  const { code = '' } = useParams();
  return (
    <RequirePermission name="nav.courses">
      <PageFrame title={t('scan.title')}>
        <CheckinFromLink key={code} code={code} />
      </PageFrame>
    </RequirePermission>
  );
}
