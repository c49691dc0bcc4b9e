import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROLE, type RoleId } from '../../lib/roles';

/**
 * The tabs of `/admin/membership`, in order; the first the role may see is the default. Another
 * area adds its tab with one entry here (for example "Members"); each tab loads only when opened.
 */
export interface MembershipAdminTab {
  id: string;
  label: string;
  roles: readonly RoleId[];
  component: LazyExoticComponent<ComponentType>;
}

export const MEMBERSHIP_ADMIN_TABS: MembershipAdminTab[] = [
  {
    id: 'applications',
    label: 'Applications',
    roles: [ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin],
    component: lazy(() => import('./ApplicationsTab')),
  },
  {
    id: 'members',
    label: 'Members',
    roles: [ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin],
    component: lazy(() => import('./MembersTab')),
  },
  { id: 'fees', label: 'Fees', roles: [ROLE.superAdmin], component: lazy(() => import('./FeesTab')) },
  {
    id: 'payment-settings',
    label: 'Payment settings',
    roles: [ROLE.superAdmin],
    component: lazy(() => import('./PaymentSettingsTab')),
  },
  // Issue 25: the institute as a GST-registered supplier, SAC codes and rates.
  {
    id: 'gst-settings',
    label: 'GST settings',
    roles: [ROLE.superAdmin],
    component: lazy(() => import('../gst/GstSettingsTab')),
  },
];

export function tabsFor(roleId: RoleId | undefined): MembershipAdminTab[] {
  return roleId ? MEMBERSHIP_ADMIN_TABS.filter((tab) => tab.roles.includes(roleId)) : [];
}
