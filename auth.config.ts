import { defineConfig } from 'auth-astro';

// Placeholder provider list until the sign-in work lands; the secret is read at run time.
export default defineConfig({
  secret: process.env.AUTH_SECRET,
  trustHost: true,
  providers: [],
});
