import type { Migration } from 'kysely';
import * as core from './001_core';
import * as notifications from './002_notifications';
import * as security from './003_security';
import * as memberClasses from './004_member_classes';
import * as admin from './005_admin';
import * as money from './006_money';
import * as joining from './007_joining';
import * as content from './008_content';
import * as natcon from './009_natcon';
import * as members from './010_members';
import * as joiningSearch from './011_joining_search';
import * as membersRenewals from './012_members_renewals';
import * as natconContent from './013_natcon_content';
import * as fixes from './015_fixes';
import * as importRegister from './016_import';
import * as onlinePayments from './017_online_payments';
import * as gst from './018_gst';
import * as privacy from './019_privacy';

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
};
