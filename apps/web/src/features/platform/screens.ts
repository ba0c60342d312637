export { BexioScreen } from './components/bexio-screen';
export { TeamPlatformInvoices } from './components/team-platform-invoices';
