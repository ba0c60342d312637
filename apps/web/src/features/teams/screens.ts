/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { CompanyCreateForm } from './components/company-create-form';
export { BillingTab } from './components/billing-tab';
export { GeneralTab } from './components/general-tab';
export { SecurityTab } from './components/security-tab';
export { StaffTab } from './components/staff-tab';
export { FeaturesForm } from './components/features-form';
