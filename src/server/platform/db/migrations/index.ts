import type { Migration } from 'kysely';

import * as admin from './005_admin';
import * as content from './008_content';
import * as core from './001_core';
import * as fixes from './015_fixes';
import * as gst from './018_gst';
import * as gstMembership from './020_gst_membership';
import * as guardianState from './022_guardian_state';
import * as importRegister from './016_import';
import * as joining from './007_joining';
import * as joiningSearch from './011_joining_search';
import * as memberClasses from './004_member_classes';
import * as members from './010_members';
import * as membersRenewals from './012_members_renewals';
import * as money from './006_money';
import * as natcon from './009_natcon';
import * as natconContent from './013_natcon_content';
import * as natconHolds from './023_natcon_holds';
import * as notifications from './002_notifications';
import * as onlinePayments from './017_online_payments';
import * as privacy from './019_privacy';
import * as privacyDesk from './021_privacy_desk';
import * as security from './003_security';
import * as transferRequests from './025_transfer_requests';
import * as guardianWaiting from './026_guardian_waiting';
import * as importFileRemoved from './027_import_file_removed';

/**
 * Every migration, in order. Listed here rather than read from the folder so that the bundled
 * server (which has no migration files beside it) runs the same set. Add new files at the end.
 */
export const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_notifications': notifications,
  '003_security': security,
  '004_member_classes': memberClasses,
  '005_admin': admin,
  '006_money': money,
  '007_joining': joining,
  '008_content': content,
  '009_natcon': natcon,
  '010_members': members,
  '011_joining_search': joiningSearch,
  '012_members_renewals': membersRenewals,
  '013_natcon_content': natconContent,
  '015_fixes': fixes,
  '016_import': importRegister,
  '017_online_payments': onlinePayments,
  '018_gst': gst,
  '019_privacy': privacy,
  '020_gst_membership': gstMembership,
  '021_privacy_desk': privacyDesk,
  '022_guardian_state': guardianState,
  '023_natcon_holds': natconHolds,
  '025_transfer_requests': transferRequests,
  '026_guardian_waiting': guardianWaiting,
  '027_import_file_removed': importFileRemoved,
};
