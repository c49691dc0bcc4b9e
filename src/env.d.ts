/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user of a portal request, set by the page guard in src/middleware.ts. */
    portalUser?: import('./lib/session').SessionUser;
  }
}
