/**
 * The States and Union Territories with their GST codes live in src/lib (the registration form
 * lists them too); the domain reads them from here.
 */
export * from '../../../lib/gst-states';
